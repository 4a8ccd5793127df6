import { imageUrl, type Ad } from '../../../contract/content.ts';
import { Icon } from '../../shell/icons.tsx';
import { linkTargetOf } from '../../ui/link-target.ts';
import { useDismissAd } from './use-dismiss-ad.ts';
import { loadingOf } from '../../ui/responsive-image.tsx';

/** Spec §4: the sidebar's fixed ad; it hides at once on close, whether or not the call succeeds (useDismissAd). */
export function SidebarAd({ ad, qiniuImgAddress }: { ad: Ad; qiniuImgAddress: string }) {
  const { isVisible, dismiss } = useDismissAd(ad);
  if (!isVisible) return null;
  return (
    <div className="sidebar-ad" data-testid="sidebar-ad">
      <a href={ad.clickUrl} {...linkTargetOf(ad.openType)}>
        <img src={imageUrl(qiniuImgAddress, ad.picFilePath)} alt="推荐活动" width={160} height={200} {...loadingOf(false)} />
      </a>
      <button type="button" className="sidebar-ad__close" aria-label="关闭侧边广告" onClick={() => void dismiss()}>
        <Icon name="close" size={12} />
      </button>
    </div>
  );
}
