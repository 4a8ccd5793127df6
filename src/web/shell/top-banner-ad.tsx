import { useState } from 'react';
import { imageUrl, type Ad } from '../../contract/content.ts';
import { callApi, errorMessageOf } from '../lib/api-client.ts';
import { toastIfMessage } from '../ui/toast.ts';
import { Icon } from './icons.tsx';

/** Spec §4: the top banner is visible while open; closing calls the server, then hides it. */
export function TopBannerAd({ ad, qiniuImgAddress }: { ad: Ad; qiniuImgAddress: string }) {
  const [isVisible, setIsVisible] = useState(ad.isOpen);
  const [isClosing, setIsClosing] = useState(false);
  if (!isVisible) return null;

  async function close() {
    if (isClosing) return;
    setIsClosing(true);
    try {
      await callApi<boolean>('/common/api/updateAdvertisingStatus', { adId: ad.adPosId });
      setIsVisible(false);
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
    } finally {
      setIsClosing(false);
    }
  }

  return (
    <div className="top-ad" style={{ backgroundColor: ad.backgroundColor || undefined }} data-testid="top-ad">
      <div className="container top-ad__inner">
        <a href={ad.clickUrl} target={ad.openType ? undefined : '_blank'} rel={ad.openType ? undefined : 'noopener'}>
          <img className="top-ad__picture" src={imageUrl(qiniuImgAddress, ad.picFilePath)} alt="活动广告" width={1200} height={80} />
        </a>
        <button type="button" className="top-ad__close" aria-label="关闭广告" onClick={() => void close()} disabled={isClosing}>
          <Icon name="close" size={14} />
        </button>
      </div>
    </div>
  );
}
