import { loadingOf } from '../../ui/responsive-image.tsx';

/** A part's picture under the image base address, or a neutral box when there is none. */
export function ProductImage({
  imagePath,
  qiniuImgAddress,
  alt,
  size = 60,
  isPriority = false,
}: {
  imagePath: string | null;
  qiniuImgAddress: string;
  alt: string;
  size?: number;
  /** The page's main picture (a part's detail page): fetched at once, never lazy. */
  isPriority?: boolean;
}) {
  if (!imagePath) {
    return (
      <span className="product-image product-image--empty" style={{ width: size, height: size }}>
        暂无图片
      </span>
    );
  }
  return <img className="product-image" src={`${qiniuImgAddress}${imagePath}`} alt={alt} width={size} height={size} {...loadingOf(isPriority)} />;
}
