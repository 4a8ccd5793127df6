import { imageUrl, type Ad } from '../../../contract/content.ts';
import { Icon } from '../../shell/icons.tsx';
import { linkTargetOf } from '../../ui/link-target.ts';
import { useDismissAd } from './use-dismiss-ad.ts';

/** Spec §4: the banner above the status bar, visible while open, until the visitor closes it (useDismissAd). */
export function TopBannerAd({ ad, qiniuImgAddress }: { ad: Ad; qiniuImgAddress: string }) {
  const { isVisible, dismiss } = useDismissAd(ad);
  if (!isVisible) return null;
  return (
    <div className="top-ad" style={{ backgroundColor: ad.backgroundColor || undefined }} data-testid="top-ad">
      <div className="container top-ad__inner">
        <a href={ad.clickUrl} {...linkTargetOf(ad.openType)}>
          {/* The page's largest picture wherever the page has no bigger one above the fold (Lighthouse: the LCP of search, cart, checkout, /bom). */}
          <img className="top-ad__picture" src={imageUrl(qiniuImgAddress, ad.picFilePath)} alt="活动广告" width={1200} height={80} fetchPriority="high" />
        </a>
        <button type="button" className="top-ad__close" aria-label="关闭广告" onClick={() => void dismiss()}>
          <Icon name="close" size={14} />
        </button>
      </div>
    </div>
  );
}
