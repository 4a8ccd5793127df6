import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { displayNameOf, loginPath } from '../../../contract/account.ts';
import { bomErrors, bomLimits, bomSheetBytesMax, bomUploadPath, type SavedBom } from '../../../contract/bom.ts';
import { bomCalls } from '../../../contract/bom-calls.ts';
import { bomRequests } from '../../../contract/bom-requests.ts';
import { ResultCode } from '../../../contract/envelope.ts';
import { requestErrors } from '../../../contract/errors.ts';
import { registerCalls } from '../../http/api-route.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { settleRefusedBody, throwMultipartFailure, uploadBodyLimit } from '../../http/multipart-refusal.ts';
import { redirectTo } from '../../http/redirect.ts';
import type { WorkPool } from '../../work/work-pool.ts';
import { findShellUser } from '../account/account.service.ts';
import { bomWorkbook } from './bom-export.service.ts';
import type { PricedBom } from './bom-pricing.ts';
import { bomWorkOf } from './bom-work.ts';
import {
  addBomToCart,
  deleteBom,
  drawQuotationPdf,
  listBoms,
  loadPricedBom,
  loadSavedBom,
  matchBom,
  readPastedBom,
  readUploadedBom,
  saveBom,
  spendBomCall,
  takeBomCall,
  type BomDeps,
  type BomWorkDeps,
  type UploadedBomSheet,
} from './bom.service.ts';
import { readHeldFacts } from '../site-facts/site-facts.service.ts';

/**
 * A whole sheet travels back with every match and save, up to bomSheetBytesMax (an upload past it is refused), and
 * beside it a save's name, options and choices: 3,000 choices of some 60 bytes, well within the megabyte added.
 */
const bomCallBodyBytes = bomSheetBytesMax + 1024 * 1024;

export function registerBomRoutes(app: FastifyInstance, deps: BomDeps & { workPool: WorkPool }) {
  const work = bomWorkOf(deps.workPool);
  void app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = bomCallBodyBytes;
    });
    registerCalls(scope, bomCalls, bomRequests, {
      parseText: async ({ body, request, userId }) => {
        await spendBomCall(deps, 'parseText', request.ip);
        return readPastedBom(deps, userId, body.text);
      },
      match: async ({ body, request, userId }) => {
        await spendBomCall(deps, 'match', request.ip);
        return matchBom(deps, userId, body);
      },
      save: ({ body, userId }) => saveBom(deps, userId, body),
      list: ({ body, userId }) => listBoms(deps, userId, body.page),
      detail: ({ body, userId }) => loadSavedBom(deps, userId, body.bomId),
      delete: ({ body, userId }) => deleteBom(deps, userId, body.bomId),
      addToCart: ({ body, userId }) => addBomToCart(deps, userId, body.items),
    });
  });
  registerUpload(app, { ...deps, work });
  registerExports(app, { ...deps, work });
}

/** The multipart parser lives in its own scope: no other route takes multipart bodies. */
function registerUpload(app: FastifyInstance, deps: BomWorkDeps) {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fields: 2, fieldSize: 2048, files: 1, parts: 3, headerPairs: 16, fileSize: bomLimits.fileBytesMax } });
    scope.post(bomUploadPath, { bodyLimit: uploadBodyLimit(bomLimits.fileBytesMax) }, async (request, reply) => {
      let read: UploadedBomSheet;
      try {
        await spendBomCall(deps, 'upload', request.ip);
        const file = await receiveFile(request);
        read = await readUploadedBom(deps, { userId: request.visitor.userId, address: request.ip }, file.fileName, file.bytes);
      } catch (error) {
        settleRefusedBody(request, reply, bomLimits.fileBytesMax);
        throwMultipartFailure(error, { tooLarge: new AppError(bomErrors.fileTooLarge), malformed: bomErrors.fileMissing });
      }
      return reply.type('application/json; charset=utf-8').send(uploadedSheetEnvelope(read));
    });
  });
}

/**
 * The upload's envelope with the rows spliced in as the worker wrote them: the event loop never walks the cells,
 * and sends the rows' bytes as they came rather than copying megabytes into one buffer.
 */
function uploadedSheetEnvelope({ sheet, rowsJson }: UploadedBomSheet): Readable {
  const head = JSON.stringify(sheet);
  const pieces = [Buffer.from(`{"code":${ResultCode.success},"msg":"","data":${head.slice(0, -1)},"rows":`), rowsJson, Buffer.from('}}')];
  return Readable.from(pieces, { objectMode: false });
}

/** POST bomUploadPath (multipart, field `file`): the file's bytes, refused past bomLimits.fileBytesMax. */
async function receiveFile(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError(bomErrors.fileMissing);
  for await (const part of request.parts()) {
    if (part.type === 'field') continue;
    if (part.fieldname !== 'file') throw new AppError(bomErrors.fileMissing);
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new AppError(bomErrors.fileTooLarge);
    if (bytes.length === 0) throw new AppError(bomErrors.fileEmpty);
    return { fileName: part.filename, bytes };
  }
  throw new AppError(bomErrors.fileMissing);
}

const pdfUnavailableMessage = '报价单暂时无法生成（服务器缺少中文字体），请稍后再试或联系客服';

/** RFC 6266/5987: an ASCII fallback and the Chinese name encoded. */
export function attachmentHeader(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The quotation sheet drawn off the event loop's thread, or the download's answer when there is none. */
async function quotationPdfOf(
  deps: BomWorkDeps,
  request: FastifyRequest,
  userId: number,
  saved: SavedBom,
  priced: PricedBom,
): Promise<{ pdf: Buffer } | { status: number; text: string }> {
  const [member, facts] = await Promise.all([findShellUser(deps.db, userId), readHeldFacts(deps.db, deps.config)]);
  // The hotline as staff set it in the site settings (the one source of site facts), as on every page.
  const party = { siteName: facts.siteName, hotline: facts.hotline, memberName: member ? displayNameOf(member) : '' };
  const drawn = await drawQuotationPdf(deps, request.ip, { saved, priced, party });
  if (drawn.kind === 'pdf') return { pdf: drawn.pdf };
  // A font that cannot be read is said in the log, not as a broken PDF.
  if (drawn.kind === 'fontMissing') {
    request.log.warn({ err: { message: drawn.message } }, 'BOM quotation PDF without its font');
    return { status: 503, text: pdfUnavailableMessage };
  }
  return { status: drawn.error.code === ResultCode.tooManyRequests ? 429 : 503, text: drawn.error.msg };
}

/** GET /bom/:bomId/export.xlsx and .pdf: the member's own BOM, matched and priced now. */
function registerExports(app: FastifyInstance, deps: BomWorkDeps) {
  for (const format of ['xlsx', 'pdf'] as const) {
    app.get<{ Params: { bomId: string } }>(`/bom/:bomId/export.${format}`, async (request, reply) => {
      const userId = request.visitor.userId;
      if (userId === null) return redirectTo(reply, loginPath(request.url));
      const bomId = bomRequests.detail.shape.bomId.safeParse(request.params.bomId);
      if (!bomId.success) throw notFound();
      if (!(await takeBomCall(deps, 'export', String(userId)))) {
        return reply.status(429).type('text/plain; charset=utf-8').send(requestErrors.tooFrequent.msg);
      }
      // Another member's BOM is bom.notFound, which a GET answers with the 404 page.
      const { saved, priced } = await loadPricedBom(deps, userId, bomId.data);
      void reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
      if (format === 'xlsx') {
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', attachmentHeader(`${saved.name}-报价.xlsx`))
          .send(bomWorkbook(saved.sheet, priced));
      }
      const answer = await quotationPdfOf(deps, request, userId, saved, priced);
      if ('text' in answer) return reply.status(answer.status).type('text/plain; charset=utf-8').send(answer.text);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentHeader(`${saved.name}-报价单.pdf`))
        .send(answer.pdf);
    });
  }
}
