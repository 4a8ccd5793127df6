import { useState } from 'react';
import { imageUrl, type Ad } from '../../contract/content.ts';
import { callApi } from '../lib/api-client.ts';
import { Icon } from './icons.tsx';

/** Spec §4: the sidebar's fixed ad hides at once on close, whether or not the call succeeds. */
export function SidebarAd({ ad, qiniuImgAddress }: { ad: Ad; qiniuImgAddress: string }) {
  const [isVisible, setIsVisible] = useState(ad.isOpen);
  if (!isVisible) return null;

  function close() {
    setIsVisible(false);
    callApi<boolean>('/common/api/updateAdvertisingStatus', { adId: ad.adPosId }).catch(() => {
      // Already hidden; a failed report only means it may show again on the next page.
    });
  }

  return (
    <div className="sidebar-ad" data-testid="sidebar-ad">
      <a href={ad.clickUrl} target={ad.openType ? undefined : '_blank'} rel={ad.openType ? undefined : 'noopener'}>
        <img src={imageUrl(qiniuImgAddress, ad.picFilePath)} alt="推荐活动" width={160} height={200} />
      </a>
      <button type="button" className="sidebar-ad__close" aria-label="关闭侧边广告" onClick={close}>
        <Icon name="close" size={12} />
      </button>
    </div>
  );
}
