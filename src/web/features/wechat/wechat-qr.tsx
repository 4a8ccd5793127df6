import type { WechatScan } from './use-wechat-scan.ts';

/** The QR to scan with WeChat, and for a browser with no phone at hand, the same address in a new window. */
export function WechatQr({ scan, caption }: { scan: WechatScan; caption: string }) {
  if (scan.error) {
    return (
      <div className="wechat-qr" role="alert" style={{ textAlign: 'center', padding: '24px 0', color: '#f56c6c' }}>
        <p>{scan.error}</p>
        <button type="button" className="link-button" onClick={() => scan.renew()}>
          重新获取二维码
        </button>
      </div>
    );
  }
  if (!scan.info) return <p style={{ textAlign: 'center', padding: '24px 0', color: '#909399' }}>二维码加载中…</p>;
  return (
    <div className="wechat-qr" style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 10 }}>
      <img src={scan.info.image} alt="微信登录二维码" width={200} height={200} />
      <p style={{ margin: 0, color: '#606266', fontSize: 14 }}>{caption}</p>
      <p style={{ margin: 0, fontSize: 13 }}>
        <a href={scan.info.url} target="_blank" rel="noopener" style={{ color: '#1f6fd1' }}>
          在新窗口打开微信登录
        </a>
        <span style={{ color: '#c0c4cc' }}> · </span>
        <button type="button" className="link-button" onClick={() => scan.renew()}>
          刷新二维码
        </button>
      </p>
    </div>
  );
}
