/**
 * Pictures at several widths (srcset). The store makes them itself for the raster pictures it keeps
 * (staff uploads under cms/ and product/: `?w=<width>`, see src/server/http/stored-image.ts), and
 * Qiniu makes them on the fly for a picture of its bucket (imageView2). Vector drawings (SVG) and
 * pictures of other sites have one address only.
 */

/** The widths the store makes; any other `?w=` is refused, so nobody can fill the disk with sizes. */
export const imageVariantWidths = [480, 730, 1080, 1460] as const;

export type ImageVariantWidth = (typeof imageVariantWidths)[number];

export function isImageVariantWidth(width: number): width is ImageVariantWidth {
  return (imageVariantWidths as readonly number[]).includes(width);
}

/** A raster picture one of the store's own routes serves, sizes and converts: {base}cms/… or {base}product/…. */
const storeVariantPath = /^\/[^?#]*\/(?:cms|product)\/[0-9a-f]{32}\.(?:png|jpg|webp)$/;

function isQiniuPicture(url: string, qiniuImageDomain: string | null): boolean {
  if (!qiniuImageDomain || !/^https?:\/\//.test(url)) return false;
  try {
    return new URL(url).origin === new URL(qiniuImageDomain).origin && !url.includes('?');
  } catch {
    return false;
  }
}

/**
 * The address of the picture `width` pixels wide (WebP from Qiniu; from the store, WebP when the
 * browser takes it), or null when nobody can make one.
 */
export function imageUrlAtWidth(url: string, width: ImageVariantWidth, qiniuImageDomain: string | null): string | null {
  if (isQiniuPicture(url, qiniuImageDomain)) return `${url}?imageView2/2/w/${width}/format/webp`;
  if (storeVariantPath.test(url)) return `${url}?w=${width}`;
  return null;
}

/** A srcset of the picture at the given widths, or undefined when it has only one address. */
export function srcSetOf(url: string, widths: readonly ImageVariantWidth[], qiniuImageDomain: string | null): string | undefined {
  const candidates: string[] = [];
  for (const width of widths) {
    const at = imageUrlAtWidth(url, width, qiniuImageDomain);
    if (at === null) return undefined;
    candidates.push(`${at} ${width}w`);
  }
  return candidates.length > 1 ? candidates.join(', ') : undefined;
}
