import { useState } from 'react';
import { wechatRegisterPath } from '../../../contract/wechat.ts';
import { wechatCalls } from '../../../contract/wechat-calls.ts';
import { callApi } from '../../lib/api-client.ts';
import { useWechatScan } from './use-wechat-scan.ts';
import { WechatQr } from './wechat-qr.tsx';

/**
 * The login card's 微信登录 (the login page shows it only when the store offers it); opens WeChat's QR page. Once the
 * scan finishes (here or in the window the link opened) the page goes on: logged in → the return
 * path; a WeChat with no member yet → the page that asks for a phone.
 */
export function WechatLoginOption({ returnPath }: { returnPath: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const scan = useWechatScan(
    () => callApi(wechatCalls.getWechatScanInfo, { returnPath }),
    isOpen,
    (relevance) => relevance.isLoggedIn || relevance.pending !== null,
    (relevance) => window.location.assign(relevance.isLoggedIn ? returnPath : wechatRegisterPath),
  );
  return (
    <div className="wechat-login" aria-label="微信登录" role="region">
      {isOpen ? (
        <>
          <WechatQr scan={scan} caption="在打开的微信页面用手机微信扫码登录" />
          <p className="wechat-login__back">
            <button type="button" className="link-button" onClick={() => setIsOpen(false)}>
              使用账号登录
            </button>
          </p>
        </>
      ) : (
        <p className="wechat-login__other">
          其他登录方式：
          <button type="button" className="link-button wechat-login__start" onClick={() => setIsOpen(true)}>
            微信登录
          </button>
        </p>
      )}
    </div>
  );
}
