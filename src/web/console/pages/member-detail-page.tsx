import type { ReactNode } from 'react';
import type { MemberDeskOrder, MemberDetailPageData } from '../../../contract/member-desk.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import type { PageProps } from '../../pages/page-props.ts';

function Table({ heads, rows, empty }: { heads: string[]; rows: ReactNode[][]; empty: string }) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <div className="admin-scroll">
      <table className="admin-table">
        <thead>
          <tr>
            {heads.map((head) => (
              <th key={head}>{head}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, index) => (
            <tr key={index}>
              {cells.map((cell, cellIndex) => (
                <td key={cellIndex}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function orderCells(order: MemberDeskOrder): ReactNode[] {
  return [
    order.orderNo,
    order.statusLabel,
    formatCents(order.payableCents),
    order.refundedCents ? formatCents(order.refundedCents) : '',
    order.createdAtStr,
    order.paidAtStr,
  ];
}

const orderHeads = ['订单号', '状态', '应付', '已退款', '下单时间', '付款时间'];

type MemberDetail = NonNullable<MemberDetailPageData['detail']>;

function MemberFacts({ detail }: { detail: MemberDetail }) {
  return (
    <section className="admin-card admin-card--spaced">
      <h1>
        会员 {detail.member.userNumber}（{detail.member.nickName}）
      </h1>
      <dl className="admin-facts">
        <dt>手机号</dt>
        <dd>{detail.member.phone}</dd>
        <dt>等级</dt>
        <dd>{detail.member.levelName}</dd>
        <dt>累计消费</dt>
        <dd>{formatCents(detail.member.paidCents)}</dd>
        <dt>状态</dt>
        <dd data-testid="member-status">{detail.member.isDisabled ? `已停用（${detail.member.disabledAtStr}）` : '正常'}</dd>
        <dt>注册时间</dt>
        <dd>{detail.member.registeredAtStr}</dd>
        <dt>公司</dt>
        <dd>{detail.member.company || '—'}</dd>
        <dt>职位</dt>
        <dd>{detail.member.job || '—'}</dd>
        <dt>邮箱</dt>
        <dd>{detail.member.email || '—'}</dd>
        <dt>邀请人</dt>
        <dd>{detail.member.inviter || '—'}</dd>
        <dt>专属销售</dt>
        <dd>{detail.rep ? `${detail.rep.operatorName} ${detail.rep.operatorMobile}` : '未分配'}</dd>
      </dl>
    </section>
  );
}

/** Addresses, recent orders, coupons and logins, a card each. */
function MemberRecords({ detail }: { detail: MemberDetail }) {
  return (
    <>
      <section className="admin-card admin-card--spaced">
        <h2>收货地址</h2>
        <Table
          heads={['收货人', '手机', '地址', '默认']}
          rows={detail.addresses.map((address) => [address.name, address.phone, address.address, address.isDefault ? '是' : ''])}
          empty="暂无地址"
        />
      </section>
      <section className="admin-card admin-card--spaced">
        <h2>订单（最近 {detail.orders.length} 笔）</h2>
        <Table heads={orderHeads} rows={detail.orders.map(orderCells)} empty="暂无订单" />
      </section>
      <section className="admin-card admin-card--spaced">
        <h2>优惠券</h2>
        <Table
          heads={['名称', '状态', '有效期至']}
          rows={detail.coupons.map((coupon) => [coupon.name, coupon.statusLabel, coupon.validUntilStr])}
          empty="暂无优惠券"
        />
      </section>
      <section className="admin-card admin-card--spaced">
        <h2>登录记录</h2>
        <Table
          heads={['时间', '方式', 'IP', '浏览器']}
          rows={detail.logins.map((login) => [login.atStr, login.methodLabel, login.ip, login.userAgent])}
          empty="暂无登录记录"
        />
      </section>
    </>
  );
}

/** What the member's own rep sees besides: the cart and the BOMs, read only. */
function RepView({ repView }: { repView: NonNullable<MemberDetailPageData['repView']> }) {
  return (
    <section className="admin-card admin-card--spaced" data-testid="rep-view">
      <h2>我的客户：购物车、BOM 与订单（只读）</h2>
      <h3>购物车</h3>
      <Table heads={['型号', '数量', '加入时间']} rows={repView.cart.map((line) => [line.productCode, line.quantity, line.addedAtStr])} empty="购物车是空的" />
      <h3>BOM</h3>
      <Table
        heads={['名称', '行数', '已匹配', '金额', '更新时间']}
        rows={repView.boms.map((bom) => [bom.name, bom.lineCount, bom.matchedCount, formatCents(bom.totalCents), bom.updatedAtStr])}
        empty="暂无 BOM"
      />
    </section>
  );
}

/** /admin/members/:userId: a member's profile, addresses, orders, coupons and logins; their rep sees the cart and BOMs too. */
export function AdminMemberDetailPage({ data }: PageProps<MemberDetailPageData>) {
  const { detail, repView } = data;
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/members">
      <p>
        <a href="/admin/members">← 返回会员列表</a>
      </p>
      {detail ? (
        <>
          <MemberFacts detail={detail} />
          <MemberRecords detail={detail} />
        </>
      ) : (
        <section className="admin-card">
          <h1>会员不存在</h1>
        </section>
      )}
      {repView ? <RepView repView={repView} /> : null}
    </AdminLayout>
  );
}
