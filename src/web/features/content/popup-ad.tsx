import type { MouseEvent } from 'react';
import { imageUrl, type Ad } from '../../../contract/content.ts';
import { linkTargetOf } from '../../ui/link-target.ts';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { useDismissAd } from './use-dismiss-ad.ts';

/**
 * The optional pop-up ad (spec §4): clicking it, its close icon or Escape reports the close by
 * adPosId and hides it (useDismissAd). A ModalDialog: the page beneath waits until it is closed.
 */
export function PopupAd({ ad, qiniuImgAddress }: { ad: Ad; qiniuImgAddress: string }) {
  const { isVisible, dismiss } = useDismissAd(ad);
  if (!isVisible) return null;

  function openAd(event: MouseEvent<HTMLAnchorElement>) {
    if (!ad.openType) {
      // A new window opens by itself; this page reports the close and hides the ad.
      void dismiss();
      return;
    }
    // Same window: report first, then leave, so the report is not cut off by the navigation.
    event.preventDefault();
    void dismiss().then(() => {
      window.location.assign(ad.clickUrl);
    });
  }

  return (
    <ModalDialog isOpen onClose={() => void dismiss()} className="popup-ad" label="活动推荐" testId="popup-ad">
      <div className="popup-ad__box">
        <a href={ad.clickUrl} {...linkTargetOf(ad.openType)} onClick={openAd} data-testid="popup-ad-link">
          <img src={imageUrl(qiniuImgAddress, ad.picFilePath)} alt="活动推荐" width={560} height={360} decoding="async" />
        </a>
        <button type="button" className="popup-ad__close" aria-label="关闭广告" onClick={() => void dismiss()} data-testid="popup-ad-close">
          ×
        </button>
      </div>
    </ModalDialog>
  );
}
