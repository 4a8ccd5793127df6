import {
  couponDeskStateLabels,
  couponDeskStates,
  couponScopeLabels,
  marketingDeskPaths,
  type CouponDeskRow,
  type CouponsDeskPageData,
} from '../../../contract/console/marketing.ts';
import { marketingDeskCalls } from '../../../contract/console/marketing-calls.ts';
import { couponScopes } from '../../../contract/coupon.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import type { GridColumn, GridFilter } from '../../features/staff/data-grid/grid-types.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import { couponBulkActions } from '../../features/marketing-desk/coupon-bulk-actions.ts';
import type { PageProps } from '../../pages/page-props.ts';

function flags(row: CouponDeskRow): string {
  return (
    [row.isInCentre ? '领券中心' : '', row.isNewMemberPack ? '新人礼包' : '', row.isInviteReward ? '邀请奖励' : ''].filter((text) => text !== '').join('、') ||
    '—'
  );
}

const columns: readonly GridColumn<CouponDeskRow>[] = [
  { id: 'name', header: '名称', isAlwaysShown: true, cell: (row) => <a href={marketingDeskPaths.editCoupon(row.id)}>{row.name}</a> },
  { id: 'offer', header: '优惠', cell: (row) => `${row.kindLabel} ${row.offerText}` },
  { id: 'scope', header: '使用范围', cell: (row) => row.scopeText },
  { id: 'state', header: '状态', cell: (row) => <span className={`admin-status admin-status--${row.state}`}>{row.stateLabel}</span> },
  {
    id: 'claimedCount',
    header: '已领/总量',
    isSortable: true,
    cell: (row) => `${String(row.claimedCount)} / ${row.totalStock === null ? '不限' : String(row.totalStock)}`,
  },
  { id: 'perMember', header: '每人限领', cell: (row) => row.perMemberLimit },
  { id: 'flags', header: '发放渠道', cell: flags },
  { id: 'validity', header: '有效期', cell: (row) => row.validityText },
  { id: 'claimWindow', header: '领取时间', isHiddenAtFirst: true, cell: (row) => row.claimWindowText },
  { id: 'createdAt', header: '创建时间', isSortable: true, cell: (row) => row.createdAtStr },
];

const filters: readonly GridFilter[] = [
  { kind: 'text', name: 'name', label: '名称', maxLength: 40 },
  { kind: 'select', name: 'state', label: '状态', options: couponDeskStates.map((state) => ({ value: state, label: couponDeskStateLabels[state] })) },
  { kind: 'select', name: 'scope', label: '使用范围', options: couponScopes.map((scope) => ({ value: scope, label: couponScopeLabels[scope] })) },
];

/** /admin/coupons: 营销管理 — every coupon, filtered and sorted on the server; new and edit open its form. */
export function AdminCouponsPage({ data }: PageProps<CouponsDeskPageData>) {
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={marketingDeskPaths.coupons}>
      <section className="admin-card">
        <h1>营销管理 · 优惠券</h1>
        <p>
          <a href={marketingDeskPaths.settings}>新人礼包与邀请奖励设置 ›</a>
        </p>
        <DataGrid
          label="优惠券列表"
          call={marketingDeskCalls.list}
          initial={data.initial}
          columns={columns}
          filters={filters}
          rowKey={(row) => row.id}
          initialSort={{ column: 'createdAt', direction: 'desc' }}
          bulkActions={couponBulkActions}
          exportPath={marketingDeskPaths.export}
          exportPermission={{ action: 'export', subject: 'Coupon' }}
          storageKey="admin.coupons.columns"
          toolbar={
            <StaffCan action="create" subject="Coupon">
              <a className="admin-button" href={marketingDeskPaths.newCoupon}>
                新建优惠券
              </a>
            </StaffCan>
          }
        />
      </section>
    </AdminLayout>
  );
}
