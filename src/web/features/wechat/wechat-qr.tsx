import type { WechatScan } from './use-wechat-scan.ts';

/**
 * WeChat's own QR page (the QR connect address) opened in a new window: the phone scans the QR
 * WeChat shows there, and this page goes on by itself once the scan has finished (it polls).
 * Needs wechat.css.
 */
export function WechatQr({ scan, caption }: { scan: WechatScan; caption: string }) {
  if (scan.error) {
    return (
      <div className="wechat-qr wechat-qr--error" role="alert">
        <p>{scan.error}</p>
        <button type="button" className="link-button" onClick={() => scan.renew()}>
          重试
        </button>
      </div>
    );
  }
  if (!scan.info) return <p className="wechat-qr wechat-qr--waiting">正在连接微信…</p>;
  return (
    <div className="wechat-qr">
      <a className="wechat-qr__open" href={scan.info.url} target="_blank" rel="noopener">
        在新窗口打开微信登录
      </a>
      <p className="wechat-qr__caption">{caption}</p>
      <p className="wechat-qr__hint">
        微信扫码完成后本页将自动继续。链接
        {Math.round(scan.info.expiresInSeconds / 60)}
        分钟内有效，
        <button type="button" className="link-button" onClick={() => scan.renew()}>
          重新获取
        </button>
      </p>
    </div>
  );
}
