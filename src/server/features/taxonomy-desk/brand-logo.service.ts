import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { brandLogoKeyPattern, brandLogoKeyPrefix, brandLogoMaxBytes, taxonomyErrors, type BrandLogoUploaded } from '../../../contract/console/taxonomy.ts';
import { imageUrl } from '../../../contract/content.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { openStoredFile, storeFile } from '../upload/upload.service.ts';

/** What a logo is drawn in on the shop's pages: at most this box, the picture's proportions kept. */
const logoBox = { width: 240, height: 120 } as const;
const acceptedMimes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/apng']);

/**
 * A brand logo from the console: the picture's type by content (JPG, PNG, WEBP), decoded and
 * redrawn by sharp as WebP within the logo box (nothing of the sent file is served as such), then
 * stored under UPLOAD_DIR, shared by every process, at `brandlogo/<random>.webp`.
 */
export async function storeBrandLogo(config: Pick<Config, 'uploads' | 'imageBaseUrl'>, dataBase64: string): Promise<BrandLogoUploaded> {
  const file = Buffer.from(dataBase64, 'base64');
  if (file.length === 0) throw new AppError(taxonomyErrors.logoNotImage);
  if (file.length > brandLogoMaxBytes) throw new AppError(taxonomyErrors.logoBroken, `Logo 图片不能超过${brandLogoMaxBytes / 1024}KB`);
  const type = await fileTypeFromBuffer(file);
  if (!type || !acceptedMimes.has(type.mime)) throw new AppError(taxonomyErrors.logoNotImage);
  let logo: Buffer;
  try {
    logo = await sharp(file, { limitInputPixels: 20_000_000 })
      .rotate()
      .resize(logoBox.width, logoBox.height, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer();
  } catch {
    throw new AppError(taxonomyErrors.logoBroken);
  }
  const stored = await storeFile(Readable.from([logo]), {
    dir: config.uploads.dir,
    keyPrefix: brandLogoKeyPrefix,
    maxBytes: brandLogoMaxBytes,
    accept: ['image/webp'],
    isTruncated: () => false,
  });
  return { logoPath: stored.key, logoUrl: imageUrl(config.imageBaseUrl, stored.key) };
}

/** A stored logo to serve, or null (only keys storeBrandLogo makes are ever read). */
export function openBrandLogo(config: Pick<Config, 'uploads'>, key: string) {
  return brandLogoKeyPattern.test(key) ? openStoredFile(config.uploads.dir, key) : Promise.resolve(null);
}
