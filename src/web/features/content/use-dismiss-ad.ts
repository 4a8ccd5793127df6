import { useRef, useState } from 'react';
import type { Ad } from '../../../contract/content.ts';
import { contentCalls } from '../../../contract/content-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';

export interface DismissableAd {
  isVisible: boolean;
  /**
   * Hides the ad and reports the close; resolves when the report is done, whatever its
   * answer (a same-window link waits for it before leaving). Later calls return the same report.
   */
  dismiss: () => Promise<void>;
}

/**
 * Closing an ad: one policy for the top banner, the sidebar's fixed ad and the home pop-up.
 * - The ad hides at once, whatever the server answers. Spec §4 asks this of the sidebar and
 *   the pop-up; the top banner follows them, so that an ad the visitor closed never stays.
 * - The close is reported (contentCalls.updateAdvertisingStatus), so the ad stays closed
 *   for the day, on every page; a failed report only means it may show again on the next page.
 * - A failure is not shown, except a non-empty server `msg`, toasted as spec §8 leaves it to
 *   callers (e.g. 操作过于频繁); network failures and empty messages stay silent (spec §5).
 */
export function useDismissAd(ad: Ad): DismissableAd {
  const [isVisible, setIsVisible] = useState(ad.isOpen);
  const report = useRef<Promise<void> | null>(null);

  function dismiss(): Promise<void> {
    if (!report.current) {
      setIsVisible(false);
      report.current = callApi(contentCalls.updateAdvertisingStatus, { adId: ad.adPosId }).then(
        () => undefined,
        (error: unknown) => {
          toastIfMessage(errorMessageOf(error));
        },
      );
    }
    return report.current;
  }

  return { isVisible, dismiss };
}
