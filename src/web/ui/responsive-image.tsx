import type { CSSProperties } from 'react';
import { imageVariantWidths, srcSetOf, type ImageVariantWidth } from '../../contract/responsive-image.ts';

/**
 * How a picture loads. The page's largest picture above the fold (its LCP element: the first banner
 * slide, a part's main picture) is fetched at once and first; every other one waits until it nears
 * the viewport and is decoded off the main thread.
 */
export function loadingOf(isPriority: boolean) {
  return isPriority ? ({ fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);
}

/**
 * An <img> with its intrinsic size (no layout shift), lazy unless it is the priority picture, and a
 * srcset when the store or Qiniu can make the picture at several widths (sizes says how wide it shows).
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes,
  widths = imageVariantWidths,
  qiniuImageDomain,
  isPriority = false,
  className,
  style,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  widths?: readonly ImageVariantWidth[];
  qiniuImageDomain?: string | null;
  isPriority?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  const srcSet = srcSetOf(src, widths, qiniuImageDomain ?? null);
  return (
    <img
      className={className}
      style={style}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      {...loadingOf(isPriority)}
    />
  );
}
