import { useEffect, useState } from 'react';
import type { WechatRelevanceInfo, WechatScanInfo } from '../../../contract/wechat.ts';
import { wechatCalls } from '../../../contract/wechat-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';

/** How often a shown QR asks whether the scan has finished (in this browser, possibly another tab). */
const pollMs = 2_500;

export interface WechatScan {
  info: WechatScanInfo | null;
  error: string;
  /** Asks for a fresh QR (the previous one dies). */
  renew(): void;
}

/**
 * A QR to scan, from `issue` (getWechatScanInfo or bindWechatInfo bind), while `isActive`; polls
 * queryWechatRelevanceInfo until `isDone` says the scan has finished, then calls `onDone`.
 */
export function useWechatScan(
  issue: () => Promise<WechatScanInfo | null>,
  isActive: boolean,
  isDone: (relevance: WechatRelevanceInfo) => boolean,
  onDone: (relevance: WechatRelevanceInfo) => void,
): WechatScan {
  const [info, setInfo] = useState<WechatScanInfo | null>(null);
  const [error, setError] = useState('');
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!isActive) return;
    let isCurrent = true;
    issue().then(
      (issued) => {
        if (!isCurrent) return;
        setInfo(issued);
        setError('');
      },
      (failure: unknown) => {
        if (isCurrent) setError(errorMessageOf(failure) || '微信二维码获取失败，请稍后再试');
      },
    );
    return () => {
      isCurrent = false;
    };
    // issue is the caller's closure; a new QR is asked for only when shown again or renewed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isActive, round]);

  useEffect(() => {
    if (!isActive || !info) return;
    const timer = window.setInterval(() => {
      callApi(wechatCalls.queryWechatRelevanceInfo, {}).then(
        (relevance) => {
          if (!isDone(relevance)) return;
          window.clearInterval(timer);
          onDone(relevance);
        },
        () => undefined,
      );
    }, pollMs);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isActive, info]);

  return { info, error, renew: () => setRound((value) => value + 1) };
}
