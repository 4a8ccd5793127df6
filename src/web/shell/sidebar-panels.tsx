import { imageUrl, type ConfigInfo, type ServiceInfo } from '../../contract/content.ts';
import { loadingOf } from '../ui/responsive-image.tsx';

/** QQ's web chat link: by key when the store has one, otherwise by number. */
export function qqChatUrl(qq: string, key: string): string {
  if (key) return `https://wpa1.qq.com/${encodeURIComponent(key)}?_type=wpa&qidian=true`;
  return `https://wpa.qq.com/msgrd?v=3&uin=${encodeURIComponent(qq)}&site=qq&menu=yes`;
}

/** Spec §6: a visitor is asked to log in for a dedicated rep; a member sees the QQ number. */
export function QqPanel({ isLogin, configInfo, loginHref }: { isLogin: boolean; configInfo: ConfigInfo; loginHref: string }) {
  if (!isLogin) {
    return (
      <div className="sidebar-panel__body" data-testid="qq-panel">
        <p className="sidebar-panel__title">QQ 在线咨询</p>
        <p>登录后为您分配专属销售代表，一对一跟进报价与订单。</p>
        <a className="sidebar-panel__button" href={loginHref}>
          立即登录
        </a>
      </div>
    );
  }
  return (
    <div className="sidebar-panel__body" data-testid="qq-panel">
      <p className="sidebar-panel__title">QQ 在线咨询</p>
      <p>
        客服 QQ：<strong data-testid="qq-number">{configInfo.qq}</strong>
      </p>
      {configInfo.qq && (
        <a className="sidebar-panel__button" href={qqChatUrl(configInfo.qq, configInfo.key)} target="_blank" rel="noopener noreferrer">
          发起 QQ 会话
        </a>
      )}
    </div>
  );
}

export function ServicePanel({ serviceInfo, qiniuImgAddress }: { serviceInfo: ServiceInfo; qiniuImgAddress: string }) {
  return (
    <div className="sidebar-panel__body service-panel" data-testid="service-panel">
      <p className="sidebar-panel__title">您的专属销售代表</p>
      <div className="service-panel__person">
        {serviceInfo.operatorPortraitUrl && (
          <img src={imageUrl(qiniuImgAddress, serviceInfo.operatorPortraitUrl)} alt={serviceInfo.operatorName} width={48} height={48} {...loadingOf(false)} />
        )}
        <div>
          <strong data-testid="service-name">{serviceInfo.operatorName}</strong>
          <p>手机：{serviceInfo.operatorMobile}</p>
        </div>
      </div>
      {serviceInfo.operatorQq && (
        <p>
          QQ：
          <a href={qqChatUrl(serviceInfo.operatorQq, serviceInfo.operatorQqKey)} target="_blank" rel="noopener noreferrer">
            {serviceInfo.operatorQq}
          </a>
        </p>
      )}
      {serviceInfo.operatorWechat && <p>微信：{serviceInfo.operatorWechat}</p>}
      {serviceInfo.operateQrCode && (
        <img
          className="sidebar-panel__qr"
          src={imageUrl(qiniuImgAddress, serviceInfo.operateQrCode)}
          alt="销售代表微信二维码"
          width={120}
          height={130}
          {...loadingOf(false)}
        />
      )}
    </div>
  );
}

export function WechatPanel({ configInfo, qiniuImgAddress }: { configInfo: ConfigInfo; qiniuImgAddress: string }) {
  return (
    <div className="sidebar-panel__body" data-testid="wechat-panel">
      <p className="sidebar-panel__title">关注官方微信</p>
      {configInfo.operateQrCode && (
        <img
          className="sidebar-panel__qr"
          src={imageUrl(qiniuImgAddress, configInfo.operateQrCode)}
          alt="官方微信二维码"
          width={120}
          height={130}
          {...loadingOf(false)}
        />
      )}
      <p>扫码关注，获取新品与优惠资讯</p>
    </div>
  );
}

export function HotlinePanel({ configInfo, hours }: { configInfo: ConfigInfo; hours: string }) {
  return (
    <div className="sidebar-panel__body" data-testid="hotline-panel">
      <p className="sidebar-panel__title">客服热线</p>
      <p className="sidebar-panel__phone">{configInfo.phone}</p>
      {configInfo.landLine && <p>座机：{configInfo.landLine}</p>}
      <p>{hours}</p>
    </div>
  );
}
