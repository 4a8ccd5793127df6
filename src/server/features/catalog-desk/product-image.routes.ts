import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  adminProductErrors,
  adminProductImageUploadPath,
  isUploadedProductImage,
  productImageBytes,
  productImageKeyPrefix,
  type UploadedProductImage,
} from '../../../contract/console/products.ts';
import { imageMimes, uploadErrors, uploadFileField, uploadMessages } from '../../../contract/upload.ts';
import { success } from '../../http/api-route.ts';
import { AppError } from '../../http/app-error.ts';
import { multipartMargin, settleRefusedBodies, throwMultipartFailure, uploadBodyLimit } from '../../http/multipart-refusal.ts';
import { sendStoredImage } from '../../http/stored-image.ts';
import { consoleRoute } from '../staff/staff-access.ts';
import { storeFile } from '../upload/upload.service.ts';
import type { CatalogDeskDeps } from './catalog-desk.routes.ts';

const mimeOfExtension: Record<string, string> = { bmp: 'image/bmp', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Who may upload a product's picture: whoever may create or change products. */
const productImageAccess = {
  anyOf: [
    { action: 'update', subject: 'Product' },
    { action: 'create', subject: 'Product' },
  ],
} as const;

/**
 * Product pictures: a catalogue staff member uploads one in the console's scope (its type read from
 * its bytes, not its name), the form saves its path as the product's imagePath (audited with the save),
 * the shop shows it at {image base}product/<file>. A picture no product names is harmless: it is never listed anywhere.
 */
export function registerProductImageUpload(app: FastifyInstance, deps: CatalogDeskDeps) {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fields: 0, files: 1, parts: 1, headerPairs: 16 } });
    settleRefusedBodies(scope, productImageBytes);
    scope.post(
      consoleRoute(adminProductImageUploadPath),
      { bodyLimit: uploadBodyLimit(productImageBytes), config: { staffAccess: productImageAccess } },
      async (request) => {
        try {
          return success(await acceptProductImage(request, deps));
        } catch (error) {
          throwMultipartFailure(error, {
            tooLarge: new AppError(uploadErrors.tooLarge, uploadMessages.tooLarge(productImageBytes)),
            malformed: uploadErrors.formInvalid,
          });
        }
      },
    );
  });
}

/** The pictures, in the shop's scope: anyone may see them. */
export function registerProductImageFiles(app: FastifyInstance, deps: CatalogDeskDeps) {
  const base = deps.config.imageBaseUrl.startsWith('/') ? deps.config.imageBaseUrl : '/img/';
  // A picture is cached for a year by anyone: it never carries a visitor's cookie.
  const withoutCookies = {
    onSend: async (_request: unknown, reply: FastifyReply, payload: unknown) => {
      reply.removeHeader('set-cookie');
      return payload;
    },
  };
  app.get<{ Params: { file: string } }>(`${base}${productImageKeyPrefix}:file`, withoutCookies, async (request, reply) => {
    const path = `${productImageKeyPrefix}${request.params.file}`;
    if (!isUploadedProductImage(path)) return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('图片不存在');
    const mime = mimeOfExtension[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
    return sendStoredImage(request, reply, { dir: deps.config.uploads.dir, key: path, mime }, '图片不存在');
  });
}

/** The console's hooks have checked the token and the permission before any of the body is read. */
async function acceptProductImage(request: FastifyRequest, deps: CatalogDeskDeps): Promise<UploadedProductImage> {
  if (!request.isMultipart()) throw new AppError(uploadErrors.formInvalid);
  for await (const part of request.parts({ limits: { fileSize: productImageBytes + multipartMargin } })) {
    if (part.type === 'field' || part.fieldname !== uploadFileField) throw new AppError(uploadErrors.formInvalid);
    const file = part.file;
    const stored = await storeFile(file, {
      dir: deps.config.uploads.dir,
      keyPrefix: productImageKeyPrefix,
      maxBytes: productImageBytes,
      accept: imageMimes,
      noun: '图片',
      isTruncated: () => file.truncated,
    });
    return { path: stored.key, url: `${deps.config.imageBaseUrl}${stored.key}` };
  }
  throw new AppError(adminProductErrors.imageMissing);
}
