import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { priceImportDeskCalls } from '../../../contract/console/price-import-calls.ts';
import { priceImportDeskRequests, priceImportErrorReportQuery, priceImportRollbackReportQuery } from '../../../contract/console/price-import-requests.ts';
import { requestErrors } from '../../../contract/errors.ts';
import {
  priceImportErrorReportPath,
  priceImportErrors,
  priceImportLimits,
  priceImportRollbackReportPath,
  priceImportUploadPath,
} from '../../../contract/price-import.ts';
import { success, WithMessage } from '../../http/api-route.ts';
import { AppError } from '../../http/app-error.ts';
import { settleRefusedBodies, throwMultipartFailure, uploadBodyLimit } from '../../http/multipart-refusal.ts';
import { firstIssueMessage } from '../../http/validation-message.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { WorkPool } from '../../work/work-pool.ts';
import { registerStaffCalls } from '../staff/staff-api-route.ts';
import { actorOfRequest, consoleRoute } from '../staff/staff-access.ts';
import type { StaffSessionDeps } from '../staff/staff-session.ts';
import {
  applyUpload,
  listJobs,
  previewUpload,
  readJobRow,
  receivePriceList,
  resumeJob,
  rollBackJob,
  rollbackReport,
  uploadErrorReport,
  validateUpload,
  type PriceListDeps,
} from './price-import-desk.service.ts';
import type { PriceImportQueue } from './price-import-queue.ts';
import { priceListReaderOf } from './price-list-work.ts';

const readPriceImport = { config: { staffAccess: { action: 'read', subject: 'PriceImport' } } } as const;

/** RFC 6266/5987: an ASCII fallback and the Chinese name encoded. */
function attachmentHeader(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function registerPriceImportRoutes(
  app: FastifyInstance,
  deps: StaffSessionDeps & Pick<ServiceDeps, 'logger'> & { workPool: WorkPool },
  queue: PriceImportQueue,
) {
  const reading: PriceListDeps = { db: deps.db, lists: priceListReaderOf(deps.workPool, deps.config.priceListCpuMs, deps.logger) };
  registerStaffCalls(app, priceImportDeskCalls, priceImportDeskRequests, {
    validate: ({ body, actor }) => validateUpload(reading, actor, body),
    preview: ({ body }) => previewUpload(deps.db, body),
    async apply({ body, actor }) {
      const applied = await applyUpload(deps.db, queue, actor, body.uploadId);
      return new WithMessage(applied, applied.isNew ? '已提交导入任务' : '该文件已提交过，显示的是已有的导入任务');
    },
    jobs: ({ body }) => listJobs(deps.db, body),
    job: ({ body }) => readJobRow(deps.db, body.jobId),
    async resume({ body, actor }) {
      return new WithMessage(await resumeJob(deps.db, queue, actor, body.jobId, body.from), '已继续导入');
    },
    async rollback({ body, actor }) {
      return new WithMessage(await rollBackJob(deps.db, queue, actor, body.jobId, body.from), '已开始回滚');
    },
  });
  registerUpload(app, reading);
  app.get(consoleRoute(priceImportErrorReportPath), readPriceImport, async (request, reply) => {
    const parsed = priceImportErrorReportQuery.safeParse(request.query ?? {});
    if (!parsed.success) throw new AppError(requestErrors.invalid, firstIssueMessage(parsed.error));
    return sendReport(reply, parsed.data.format, await uploadErrorReport(deps.db, parsed.data.uploadId, parsed.data.format));
  });
  app.get(consoleRoute(priceImportRollbackReportPath), readPriceImport, async (request, reply) => {
    const parsed = priceImportRollbackReportQuery.safeParse(request.query ?? {});
    if (!parsed.success) throw new AppError(requestErrors.invalid, firstIssueMessage(parsed.error));
    return sendReport(reply, parsed.data.format, await rollbackReport(deps.db, parsed.data.jobId, parsed.data.format));
  });
}

function sendReport(reply: FastifyReply, format: 'csv' | 'xlsx', report: { fileName: string; bytes: Uint8Array }) {
  return reply
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', attachmentHeader(report.fileName))
    .send(Buffer.from(report.bytes));
}

/** POST priceImportUploadPath (multipart, field `file`), in its own scope: the only console route taking multipart. */
function registerUpload(app: FastifyInstance, deps: PriceListDeps) {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fields: 2, fieldSize: 2048, files: 1, parts: 3, headerPairs: 16, fileSize: priceImportLimits.fileBytesMax },
    });
    settleRefusedBodies(scope, priceImportLimits.fileBytesMax);
    const options = {
      bodyLimit: uploadBodyLimit(priceImportLimits.fileBytesMax),
      config: { staffAccess: { action: 'create', subject: 'PriceImport' } },
    } as const;
    scope.post(consoleRoute(priceImportUploadPath), options, async (request) => {
      try {
        const file = await receiveFile(request);
        return success(await receivePriceList(deps, actorOfRequest(request), file.fileName, file.bytes));
      } catch (error) {
        throwMultipartFailure(error, { tooLarge: new AppError(priceImportErrors.fileTooLarge), malformed: priceImportErrors.fileMissing });
      }
    });
  });
}

async function receiveFile(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError(priceImportErrors.fileMissing);
  for await (const part of request.parts()) {
    if (part.type === 'field') continue;
    if (part.fieldname !== 'file') throw new AppError(priceImportErrors.fileMissing);
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new AppError(priceImportErrors.fileTooLarge);
    if (bytes.length === 0) throw new AppError(priceImportErrors.fileEmpty);
    return { fileName: part.filename || '价格表', bytes };
  }
  throw new AppError(priceImportErrors.fileMissing);
}
