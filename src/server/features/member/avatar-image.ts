import { decode as decodeBmp } from 'bmp-ts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { memberErrors } from '../../../contract/member.ts';
import { AppError } from '../../http/app-error.ts';

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
      image = bmpImage(file);
    } else {
      image = sharp(file, { limitInputPixels: 40_000_000 }).rotate();
    }
    return await image.resize(avatarSide, avatarSide, { fit: 'cover', position: 'centre' }).webp({ quality: 85 }).toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(memberErrors.avatarBroken);
  }
}

/** A 2 MB upload holds no more pixels than this; a header that claims more is lying. */
const maxBmpPixels = 4_000_000;

/**
 * sharp's prebuilt libvips reads no BMP: bmp-ts (the decoder Jimp uses: 1–32 bits, palettes, RLE)
 * decodes it to ABGR at every depth (its toRGBA option is ignored for palettes), and the picture
 * is rebuilt as RGB: a BMP's alpha is not meant as such (24-bit rows decode as alpha 0). The size
 * is checked on the header first, since the decoder allocates what the header says.
 */
function bmpImage(file: Buffer): Sharp {
  if (file.length < 26 || Math.abs(file.readInt32LE(18) * file.readInt32LE(22)) > maxBmpPixels) throw new AppError(memberErrors.avatarBroken);
  const { data: abgr, width, height } = decodeBmp(file);
  const rgb = Buffer.alloc(width * height * 3);
  for (let pixel = 0; pixel < width * height; pixel++) {
    rgb[pixel * 3] = abgr[pixel * 4 + 3] ?? 0;
    rgb[pixel * 3 + 1] = abgr[pixel * 4 + 2] ?? 0;
    rgb[pixel * 3 + 2] = abgr[pixel * 4 + 1] ?? 0;
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } });
}
