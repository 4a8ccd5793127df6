import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentDeskErrors, contentDeskLimits, contentDeskPaths, type UploadedContentImage } from '../../../contract/console/content.ts';
import { contentMessages } from '../../../contract/content.ts';
import { imageMimes, uploadErrors, uploadFileField, uploadMessages } from '../../../contract/upload.ts';
import { success } from '../../http/api-route.ts';
import { AppError } from '../../http/app-error.ts';
import { multipartMargin, settleRefusedBodies, throwMultipartFailure, uploadBodyLimit } from '../../http/multipart-refusal.ts';
import { sendStoredImage } from '../../http/stored-image.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import { consoleRoute, signedInStaff } from '../staff/staff-access.ts';
import { removeStoredFile, storeFile } from '../upload/upload.service.ts';

/** Staff pictures (banners, ads, the WeChat QR): UPLOAD_DIR/cms/<random>.<ext>, shown at {image base}cms/<file>. */
const keyPrefix = 'cms/';
const fileNamePattern = /^[0-9a-f]{32}\.(bmp|jpg|png|webp)$/;
const mimeOfExtension: Record<string, string> = { bmp: 'image/bmp', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** POST contentDeskPaths.uploadImage, in the console's scope (update Content). */
export function registerContentImageUpload(app: FastifyInstance, deps: ServiceDeps) {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fields: 0, files: 1, parts: 1, headerPairs: 16 } });
    settleRefusedBodies(scope, contentDeskLimits.imageBytes);
    const options = { bodyLimit: uploadBodyLimit(contentDeskLimits.imageBytes), config: { staffAccess: { action: 'update', subject: 'Content' } } } as const;
    scope.post(consoleRoute(contentDeskPaths.uploadImage), options, async (request) => {
      try {
        return success(await acceptContentImage(request, deps));
      } catch (error) {
        throwMultipartFailure(error, {
          tooLarge: new AppError(uploadErrors.tooLarge, uploadMessages.tooLarge(contentDeskLimits.imageBytes)),
          malformed: uploadErrors.formInvalid,
        });
      }
    });
  });
}

/** The pictures, in the shop's scope: anyone may see them. */
export function registerContentImageFiles(app: FastifyInstance, deps: ServiceDeps) {
  const base = deps.config.imageBaseUrl.startsWith('/') ? deps.config.imageBaseUrl : '/img/';
  app.get<{ Params: { file: string } }>(`${base}${keyPrefix}:file`, async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
    const name = request.params.file;
    if (!fileNamePattern.test(name))
      return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(contentMessages.pictureMissing);
    const mime = mimeOfExtension[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
    return sendStoredImage(request, reply, { dir: deps.config.uploads.dir, key: `${keyPrefix}${name}`, mime }, contentMessages.pictureMissing);
  });
}

/** The type from the bytes, not the name (the console's hooks have checked the token and the permission before any of the body is read). */
async function acceptContentImage(request: FastifyRequest, deps: ServiceDeps): Promise<UploadedContentImage> {
  const staff = signedInStaff(request);
  if (!request.isMultipart()) throw new AppError(uploadErrors.formInvalid);
  const parts = request.parts({ limits: { fileSize: contentDeskLimits.imageBytes + multipartMargin } });
  for await (const part of parts) {
    if (part.type === 'field' || part.fieldname !== uploadFileField) throw new AppError(uploadErrors.formInvalid);
    const file = part.file;
    const stored = await storeFile(file, {
      dir: deps.config.uploads.dir,
      keyPrefix,
      maxBytes: contentDeskLimits.imageBytes,
      accept: imageMimes,
      noun: '图片',
      isTruncated: () => file.truncated,
    });
    try {
      await recordStaffChange(deps.db, {
        staff,
        ip: request.ip,
        action: 'upload',
        subject: 'Content',
        subjectId: `image:${stored.key}`,
        before: null,
        after: stored,
      });
    } catch (error) {
      await removeStoredFile(deps.config.uploads.dir, stored.key);
      throw error;
    }
    return { path: stored.key, url: `${deps.config.imageBaseUrl}${stored.key}` };
  }
  throw new AppError(contentDeskErrors.imageMissing);
}
