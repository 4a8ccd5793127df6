import { useState } from 'react';
import { complaintPaths, type ComplaintDetail } from '../../contract/complaint.ts';
import { orderDetailPath } from '../../contract/order.ts';
import { ComplaintConversation, ComplaintMemberActions } from '../features/complaint/complaint-conversation.tsx';
import { ComplaintPhotos } from '../features/complaint/complaint-photos.tsx';
import { ComplaintProgress } from '../features/complaint/complaint-return.tsx';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

/** /user/feedback/:id (members): the complaint, its photos, its return and refund, the conversation, and the member's actions. */
export function FeedbackDetailPage({ shell, data }: PageProps<ComplaintDetail>) {
  const [complaint, setComplaint] = useState(data);
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/feedback">
        <section className="person-panel complaints complaint-detail" aria-labelledby="complaint-title">
          <header className="complaints__head">
            <h1 id="complaint-title" className="person-panel__title">
              投诉详情
            </h1>
            <a href={complaintPaths.list}>返回投诉列表</a>
          </header>
          <dl className="complaint-detail__facts">
            <dt>投诉编号</dt>
            <dd>{complaint.complaintNo}</dd>
            <dt>状态</dt>
            <dd>
              <span className={`complaint-status complaint-status--${complaint.status}`} data-testid="complaint-status">
                {complaint.statusLabel}
              </span>
            </dd>
            <dt>订单号</dt>
            <dd>
              <a href={orderDetailPath(complaint.orderNo)}>{complaint.orderNo}</a>
            </dd>
            <dt>投诉商品</dt>
            <dd>
              {complaint.productCode} {complaint.productName}（{complaint.brandName} · {complaint.package} · {complaint.quantity}个）
            </dd>
            <dt>问题类型</dt>
            <dd>{complaint.typeLabel}</dd>
            <dt>提交时间</dt>
            <dd>{complaint.createdAtStr}</dd>
            <dt>问题描述</dt>
            <dd className="complaint-detail__description">{complaint.description}</dd>
          </dl>
          <ComplaintPhotos photos={complaint.photos} />
          <ComplaintProgress complaint={complaint} />
          <h2 className="complaint-detail__subtitle">沟通记录</h2>
          <ComplaintConversation complaint={complaint} />
          <ComplaintMemberActions complaint={complaint} onChange={setComplaint} />
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
