import { useState } from 'react';
import { wechatRegisterPath } from '../../../contract/wechat.ts';
import { wechatCalls } from '../../../contract/wechat-calls.ts';
import { callApi } from '../../lib/api-client.ts';
import { useWechatAvailable, useWechatScan } from './use-wechat-scan.ts';
import { WechatQr } from './wechat-qr.tsx';

/**
 * The login card's 微信登录: shown only when the store offers it; opens a QR card in place. Once the
 * scan finishes (here or in the window the link opened) the page goes on: logged in → the return
 * path; a WeChat with no member yet → the page that asks for a phone.
 */
export function WechatLoginOption({ returnPath }: { returnPath: string }) {
  const isAvailable = useWechatAvailable();
  const [isOpen, setIsOpen] = useState(false);
  const scan = useWechatScan(
    () => callApi(wechatCalls.getWechatScanInfo, { returnPath }),
    isOpen,
    (relevance) => relevance.isLoggedIn || relevance.pending !== null,
    (relevance) => window.location.assign(relevance.isLoggedIn ? returnPath : wechatRegisterPath),
  );
  if (!isAvailable) return null;
  return (
    <div className="wechat-login" aria-label="微信登录" role="region" style={{ marginTop: 16, borderTop: '1px solid #eef0f4', paddingTop: 12 }}>
      {isOpen ? (
        <>
          <WechatQr scan={scan} caption="请使用微信扫一扫登录" />
          <p style={{ textAlign: 'center', margin: '8px 0 0' }}>
            <button type="button" className="link-button" onClick={() => setIsOpen(false)}>
              使用账号登录
            </button>
          </p>
        </>
      ) : (
        <p style={{ margin: 0, textAlign: 'center', fontSize: 13, color: '#909399' }}>
          其他登录方式：
          <button type="button" className="link-button" onClick={() => setIsOpen(true)} style={{ color: '#07c160' }}>
            微信登录
          </button>
        </p>
      )}
    </div>
  );
}
