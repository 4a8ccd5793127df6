import { describe, expect, it } from 'vitest';
import { imageUrlAtWidth, isImageVariantWidth, srcSetOf } from './responsive-image.ts';

const upload = '/img/cms/0123456789abcdef0123456789abcdef.png';
const qiniu = 'https://img.example-bucket.com/';

describe('responsive image addresses', () => {
  it('asks the store for its own raster uploads at a width', () => {
    expect(imageUrlAtWidth(upload, 730, null)).toBe(`${upload}?w=730`);
    expect(imageUrlAtWidth('/img/product/0123456789abcdef0123456789abcdef.jpg', 480, null)).toBe('/img/product/0123456789abcdef0123456789abcdef.jpg?w=480');
    expect(srcSetOf(upload, [730, 1460], null)).toBe(`${upload}?w=730 730w, ${upload}?w=1460 1460w`);
  });

  it('asks Qiniu for a WebP at the width, only for pictures of the configured bucket', () => {
    const picture = `${qiniu}cms/banner-1.jpg`;
    expect(imageUrlAtWidth(picture, 730, qiniu)).toBe(`${picture}?imageView2/2/w/730/format/webp`);
    expect(srcSetOf(picture, [480, 1460], qiniu)).toBe(`${picture}?imageView2/2/w/480/format/webp 480w, ${picture}?imageView2/2/w/1460/format/webp 1460w`);
    // No Qiniu configured, or a picture of another host: one address only.
    expect(imageUrlAtWidth(picture, 730, null)).toBeNull();
    expect(imageUrlAtWidth('https://other.example.com/cms/banner-1.jpg', 730, qiniu)).toBeNull();
    // A picture that already carries a processing query is left as it is.
    expect(imageUrlAtWidth(`${picture}?imageslim`, 730, qiniu)).toBeNull();
  });

  it('gives vector drawings and static files one address (no srcset)', () => {
    for (const url of ['/static/banners/banner-mcu.svg', '/img/package/qfp-48.svg', '/img/cms/0123456789abcdef0123456789abcdef.bmp', '/img/cms/ad.png']) {
      expect(srcSetOf(url, [480, 730], null), url).toBeUndefined();
    }
    expect(srcSetOf(upload, [730], null)).toBeUndefined();
  });

  it('knows the widths the store makes', () => {
    expect(isImageVariantWidth(730)).toBe(true);
    expect(isImageVariantWidth(731)).toBe(false);
  });
});
