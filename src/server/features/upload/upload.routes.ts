import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentMessages } from '../../../contract/content.ts';
import {
  largestUploadBytes,
  localUploadPath,
  uploadErrors,
  uploadFileField,
  uploadMessages,
  uploadPolicies,
  uploadPurposes,
  uploadTokenField,
  uploadTokenHeader,
} from '../../../contract/upload.ts';
import { uploadCalls } from '../../../contract/upload-calls.ts';
import { uploadRequests } from '../../../contract/upload-requests.ts';
import type { Config } from '../../config.ts';
import { registerCalls, success } from '../../http/api-route.ts';
import { AppError, unauthorized } from '../../http/app-error.ts';
import { multipartMargin, settleRefusedBody, throwMultipartFailure, uploadBodyLimit } from '../../http/multipart-refusal.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { UploadGrant } from './local-upload-token.ts';
import { issueUploadToken, openLocalUpload, storeLocalUpload, verifyLocalUploadToken } from './upload.service.ts';

export function registerUploadRoutes(app: FastifyInstance, deps: ServiceDeps) {
  registerCalls(app, uploadCalls, uploadRequests, {
    getQiniuToken: async ({ body, request, userId }) => issueUploadToken(deps.config, { userId, sid: request.visitor.sid }, body.purpose),
  });
  registerLocalUpload(app, deps);
  registerUploadedImages(app, deps.config);
}

/** The multipart parser lives in its own scope: no other route takes multipart bodies. */
function registerLocalUpload(app: FastifyInstance, deps: ServiceDeps) {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fields: 2, fieldSize: 2048, files: 1, parts: 3, headerPairs: 16 } });
    scope.post(localUploadPath, { bodyLimit: uploadBodyLimit(largestUploadBytes) }, async (request, reply) => {
      try {
        return success(await acceptUpload(request, deps));
      } catch (error) {
        settleRefusedBody(request, reply, largestUploadBytes);
        throwMultipartFailure(error, {
          tooLarge: new AppError(uploadErrors.tooLarge, uploadMessages.tooLarge(largestUploadBytes)),
          malformed: uploadErrors.formInvalid,
        });
      }
    });
  });
}

/**
 * POST /common/upload (multipart): the token in the x-upload-token header, or in a `token` field
 * before the file; then the file. The anti-forgery header is checked with every POST (http/session.ts).
 * A token in the header is checked before any of the body is read.
 */
async function acceptUpload(request: FastifyRequest, deps: ServiceDeps) {
  const userId = request.visitor.userId;
  if (userId === null) throw unauthorized();
  const visitor = { userId, sid: request.visitor.sid };
  const headerToken = request.headers[uploadTokenHeader];
  let grant: UploadGrant | null = typeof headerToken === 'string' && headerToken ? verifyLocalUploadToken(deps.config, visitor, headerToken) : null;
  if (!request.isMultipart()) throw new AppError(uploadErrors.formInvalid);
  // The service stops a file one byte past its grant; the parser's own limit is only a backstop above it
  // (a file the parser cut would end normally, and the parser would go on reading the rest of the body).
  const parts = request.parts({ limits: { fileSize: (grant?.maxBytes ?? largestUploadBytes) + multipartMargin } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === uploadTokenField && grant === null) grant = verifyLocalUploadToken(deps.config, visitor, String(part.value));
      continue;
    }
    if (part.fieldname !== uploadFileField) throw new AppError(uploadErrors.formInvalid);
    if (!grant) throw new AppError(uploadErrors.tokenMissing);
    const file = part.file;
    return storeLocalUpload(deps, grant, { stream: file, isTruncated: () => file.truncated });
  }
  throw new AppError(grant ? uploadErrors.fileMissing : uploadErrors.tokenMissing);
}

/** Stored files never change under a key (each upload gets a new random one). */
const immutable = 'public, max-age=31536000, immutable';

/**
 * GET {image base}{purpose prefix}…: the stored uploads, from disk. Each purpose has its own route
 * beside the generated pictures of the images feature ({base}package/:file, {base}avatar/:file…):
 * a stored key always has two more segments (`avatar/12/<random>.png`), so the router sends the
 * generated names to their routes and the rest here. Like them, served without cookies.
 */
function registerUploadedImages(app: FastifyInstance, config: Config) {
  const base = config.imageBaseUrl.startsWith('/') ? config.imageBaseUrl : '/img/';
  const withoutCookies = {
    onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      reply.removeHeader('set-cookie');
      return payload;
    },
  };
  for (const purpose of uploadPurposes) {
    const keyPrefix = uploadPolicies[purpose].keyPrefix;
    app.get<{ Params: { '*': string } }>(`${base}${keyPrefix}*`, withoutCookies, async (request, reply) => {
      const file = await openLocalUpload(config, `${keyPrefix}${request.params['*']}`);
      if (!file) return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(contentMessages.pictureMissing);
      // A PDF (a supplier's licence) is downloaded, never opened as a document of the store's origin (PDFs can carry scripts).
      if (file.mime === 'application/pdf') void reply.header('content-disposition', 'attachment');
      return reply
        .type(file.mime)
        .header('cache-control', immutable)
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.bytes)
        .send(file.stream);
    });
  }
}
