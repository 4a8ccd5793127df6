import { marketingDeskPaths, type MarketingSettingsPageData } from '../../../contract/console/marketing.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { useInviteReward } from '../../features/marketing-desk/use-invite-reward.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import type { PageProps } from '../../pages/page-props.ts';

/** /admin/marketing: the new-member pack's coupons and the invite reward's coupon. */
export function AdminMarketingSettingsPage({ data }: PageProps<MarketingSettingsPageData>) {
  const { settings, choice, setChoice, notice, save } = useInviteReward(data.settings);
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={marketingDeskPaths.coupons}>
      <section className="admin-card">
        <p>
          <a href={marketingDeskPaths.coupons}>‹ 返回优惠券列表</a>
        </p>
        <h1>新人礼包与邀请奖励</h1>
        <h2>新人礼包</h2>
        <p className="quotation-desk__hint">注册时自动发放以下优惠券；在优惠券编辑页勾选“放入新人礼包”即可增减。</p>
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th>名称</th>
                <th>优惠</th>
                <th>使用范围</th>
                <th>有效期</th>
                <th>状态</th>
              </tr>
            </thead>
            <tbody>
              {settings.pack.map((row) => (
                <tr key={row.id}>
                  <td>
                    <a href={marketingDeskPaths.editCoupon(row.id)}>{row.name}</a>
                  </td>
                  <td>{row.offerText}</td>
                  <td>{row.scopeText}</td>
                  <td>{row.validityText}</td>
                  <td>{row.stateLabel}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h2>邀请奖励</h2>
        <p>好友完成首笔订单后，邀请人获得：{settings.inviteRewardName === '' ? '不发放优惠券（仅发送感谢消息）' : `「${settings.inviteRewardName}」`}</p>
        <div className="admin-create">
          <select value={choice} aria-label="邀请奖励优惠券" onChange={(event) => setChoice(event.target.value)}>
            <option value="">不发放优惠券</option>
            {settings.rewardChoices.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
          <StaffCan action="update" subject="Coupon">
            <button type="button" className="admin-button" onClick={() => void save()}>
              保存
            </button>
          </StaffCan>
        </div>
        <p className="admin-notice" role="status">
          {notice}
        </p>
      </section>
    </AdminLayout>
  );
}
