import { useState, type MouseEvent } from 'react';
import type { Ad } from '../../../contract/content.ts';
import { imageUrl } from '../../../contract/content.ts';
import { callApi } from '../../lib/api-client.ts';
import { linkTargetOf } from './link-target.ts';

/** Records the close; the ad goes away whatever the answer (spec §4). */
async function reportClose(adPosId: number): Promise<void> {
  try {
    await callApi<boolean>('/common/api/updateAdvertisingStatus', { adId: adPosId });
  } catch {
    // A failed report must not keep the ad on screen.
  }
}

/** The optional pop-up ad: clicking it or its close icon reports the close by adPosId, then hides it. */
export function PopupAd({ ad, qiniuImgAddress }: { ad: Ad; qiniuImgAddress: string }) {
  const [isVisible, setIsVisible] = useState(ad.isOpen);
  const [isClosing, setIsClosing] = useState(false);
  if (!isVisible) return null;

  async function close() {
    if (isClosing) return;
    setIsClosing(true);
    await reportClose(ad.adPosId);
    setIsVisible(false);
  }

  function openAd(event: MouseEvent<HTMLAnchorElement>) {
    if (!ad.openType) {
      // A new window opens by itself; this page reports the close and hides the ad.
      void close();
      return;
    }
    // Same window: report first, then leave, so the report is not cut off by the navigation.
    event.preventDefault();
    void close().then(() => window.location.assign(ad.clickUrl));
  }

  return (
    <div className="popup-ad" role="dialog" aria-modal="true" aria-label="活动推荐" data-testid="popup-ad">
      <div className="popup-ad__box">
        <a href={ad.clickUrl} {...linkTargetOf(ad.openType)} onClick={openAd} data-testid="popup-ad-link">
          <img src={imageUrl(qiniuImgAddress, ad.picFilePath)} alt="活动推荐" width={560} height={360} />
        </a>
        <button type="button" className="popup-ad__close" aria-label="关闭广告" onClick={() => void close()} data-testid="popup-ad-close">
          ×
        </button>
      </div>
    </div>
  );
}
