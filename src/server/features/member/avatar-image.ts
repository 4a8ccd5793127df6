import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { memberErrors } from '../../../contract/member.ts';
import { AppError } from '../../http/app-error.ts';
import { decodeBmp } from './bmp-decoder.ts';

/** The avatar every member gets: a centred square of this side, as WebP. */
export const avatarSide = 200;

const acceptedMimes = new Set(['image/bmp', 'image/jpeg', 'image/png', 'image/webp', 'image/apng']);

/**
 * An uploaded picture as an avatar: its type by content (bmp, jpg, png, webp — spec §5), turned
 * upright by its EXIF orientation, cut to the centred square and resized to 200×200 WebP.
 */
export async function makeAvatar(file: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(file);
  if (!type || !acceptedMimes.has(type.mime)) throw new AppError(memberErrors.avatarNotImage);
  try {
    let image;
    if (type.mime === 'image/bmp') {
      const raw = decodeBmp(file);
      if (!raw) throw new AppError(memberErrors.avatarBroken);
      image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
    } else {
      image = sharp(file, { limitInputPixels: 40_000_000 }).rotate();
    }
    return await image.resize(avatarSide, avatarSide, { fit: 'cover', position: 'centre' }).webp({ quality: 85 }).toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(memberErrors.avatarBroken);
  }
}
