/**
 * sharp's prebuilt libvips reads no BMP, and spec §5 accepts BMP avatars: this decodes the
 * uncompressed ones (24- and 32-bit, BI_RGB or BI_BITFIELDS in the usual BGRA order) into raw RGB
 * for sharp. Anything else (palettes, RLE) is null: the caller refuses it.
 */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

/** A 2 MB upload cannot hold more; a header claiming more is lying. */
const maxPixels = 4_000_000;

export function decodeBmp(file: Buffer): RawImage | null {
  if (file.length < 54 || file.toString('latin1', 0, 2) !== 'BM') return null;
  const pixelOffset = file.readUInt32LE(10);
  const width = file.readInt32LE(18);
  const signedHeight = file.readInt32LE(22);
  const bitCount = file.readUInt16LE(28);
  const compression = file.readUInt32LE(30);
  const height = Math.abs(signedHeight);
  const isTopDown = signedHeight < 0;
  if (width <= 0 || height === 0 || width * height > maxPixels) return null;
  if (bitCount !== 24 && bitCount !== 32) return null;
  if (compression !== 0 && !(compression === 3 && bitCount === 32)) return null;
  const bytesPerPixel = bitCount / 8;
  const stride = Math.floor((bitCount * width + 31) / 32) * 4;
  if (pixelOffset + stride * height > file.length) return null;

  const data = Buffer.alloc(width * height * 3);
  for (let row = 0; row < height; row++) {
    const source = pixelOffset + (isTopDown ? row : height - 1 - row) * stride;
    for (let column = 0; column < width; column++) {
      const from = source + column * bytesPerPixel;
      const to = (row * width + column) * 3;
      data[to] = file[from + 2] ?? 0;
      data[to + 1] = file[from + 1] ?? 0;
      data[to + 2] = file[from] ?? 0;
    }
  }
  return { data, width, height, channels: 3 };
}
