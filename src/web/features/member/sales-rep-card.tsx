import { imageUrl, type ServiceInfo } from '../../../contract/content.ts';
import { qqChatUrl } from '../../shell/sidebar-panels.tsx';
import { loadingOf } from '../../ui/responsive-image.tsx';

/** The member's dedicated sales representative on /user/person (spec §3 service info), when the service is enabled. */
export function SalesRepCard({ rep, qiniuImgAddress }: { rep: ServiceInfo; qiniuImgAddress: string }) {
  return (
    <section className="person-panel person-rep" aria-label="专属销售代表" data-testid="person-sales-rep">
      <h2 className="person-panel__title">专属销售代表</h2>
      <div className="person-rep__body">
        {rep.operatorPortraitUrl ? (
          <img
            className="person-rep__portrait"
            src={imageUrl(qiniuImgAddress, rep.operatorPortraitUrl)}
            alt={rep.operatorName}
            width={64}
            height={64}
            {...loadingOf(false)}
          />
        ) : null}
        <dl className="person-facts person-rep__facts">
          <dt>姓名</dt>
          <dd data-testid="person-rep-name">{rep.operatorName}</dd>
          <dt>手机</dt>
          <dd>{rep.operatorMobile}</dd>
          {rep.operatorQq ? (
            <>
              <dt>QQ</dt>
              <dd>
                <a href={qqChatUrl(rep.operatorQq, rep.operatorQqKey)} target="_blank" rel="noopener noreferrer">
                  {rep.operatorQq}
                </a>
              </dd>
            </>
          ) : null}
          {rep.operatorWechat ? (
            <>
              <dt>微信</dt>
              <dd>{rep.operatorWechat}</dd>
            </>
          ) : null}
        </dl>
        {rep.operateQrCode ? (
          <img
            className="person-rep__qr"
            src={imageUrl(qiniuImgAddress, rep.operateQrCode)}
            alt="销售代表微信二维码"
            width={96}
            height={104}
            {...loadingOf(false)}
          />
        ) : null}
      </div>
    </section>
  );
}
