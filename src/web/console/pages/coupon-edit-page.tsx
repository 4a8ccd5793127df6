import type { ReactNode } from 'react';
import { couponKindLabels, couponScopeLabels, marketingDeskPaths, type CouponEditPageData } from '../../../contract/console/marketing.ts';
import { couponKinds, couponScopes } from '../../../contract/coupon.ts';
import type { CouponFormText } from '../../features/marketing-desk/coupon-form-state.ts';
import { useCouponForm, type CouponForm } from '../../features/marketing-desk/use-coupon-form.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import type { PageProps } from '../../pages/page-props.ts';

/** A row of one control is its label; a row of several (each with its own aria-label) is a group named by the label. */
function Row({ label, children, hasSeveralControls = false }: { label: string; children: ReactNode; hasSeveralControls?: boolean }) {
  if (hasSeveralControls) {
    return (
      <div className="marketing-form__row" role="group" aria-label={label}>
        <span>{label}</span>
        {children}
      </div>
    );
  }
  return (
    <label className="marketing-form__row">
      <span>{label}</span>
      {children}
    </label>
  );
}

function CouponHead({ form }: { form: CouponForm }) {
  const { coupon } = form;
  return (
    <>
      <p>
        <a href={marketingDeskPaths.coupons}>‹ 返回优惠券列表</a>
      </p>
      <h1>
        {coupon ? coupon.name : '新建优惠券'}{' '}
        {coupon && (
          <span className={`admin-status admin-status--${coupon.state}`} data-testid="coupon-state">
            {coupon.stateLabel}
          </span>
        )}
      </h1>
      {coupon && (
        <p>
          已领取 {coupon.claimedCount} 张（会员持有 {coupon.heldCount} 张，含新人礼包与邀请奖励发放）{coupon.isInviteReward ? '；当前为邀请奖励券' : ''}
        </p>
      )}
      {form.isLocked && <p className="quotation-desk__hint">已有会员领取：面额、门槛、类型和使用范围不能再修改。</p>}
    </>
  );
}

/** 名称 to 使用范围: what the coupon is worth and where; locked once members hold it. */
function TermFields({ form, options }: { form: CouponForm; options: CouponEditPageData['options'] }) {
  const { text, set, isLocked } = form;
  const targets = text.scope === 'brand' ? options.brands : options.categories;
  return (
    <>
      <Row label="名称">
        <input value={text.name} maxLength={40} onChange={(event) => set({ name: event.target.value })} />
      </Row>
      <Row label="类型">
        <select value={text.kind} disabled={isLocked} onChange={(event) => set({ kind: event.target.value as CouponFormText['kind'] })}>
          {couponKinds.map((kind) => (
            <option key={kind} value={kind}>
              {couponKindLabels[kind]}
            </option>
          ))}
        </select>
      </Row>
      <Row label="面额（元）">
        <input value={text.faceValue} inputMode="decimal" disabled={isLocked} onChange={(event) => set({ faceValue: event.target.value })} />
      </Row>
      <Row label="使用门槛（元，0为无门槛）">
        <input value={text.threshold} inputMode="decimal" disabled={isLocked} onChange={(event) => set({ threshold: event.target.value })} />
      </Row>
      {text.kind === 'goods' && (
        <Row label="使用范围">
          <select value={text.scope} disabled={isLocked} onChange={(event) => set({ scope: event.target.value as CouponFormText['scope'], scopeId: '' })}>
            {couponScopes.map((scope) => (
              <option key={scope} value={scope}>
                {couponScopeLabels[scope]}
              </option>
            ))}
          </select>
          {text.scope !== 'all' && (
            <select value={text.scopeId} disabled={isLocked} aria-label="适用品牌或分类" onChange={(event) => set({ scopeId: event.target.value })}>
              <option value="">请选择</option>
              {targets.map((target) => (
                <option key={target.id} value={target.id}>
                  {target.name}
                </option>
              ))}
            </select>
          )}
        </Row>
      )}
    </>
  );
}

/** 有效期 and 领取时间 (Beijing time). */
function WindowFields({ text, set }: Pick<CouponForm, 'text' | 'set'>) {
  return (
    <>
      <Row label="有效期" hasSeveralControls>
        <select
          value={text.validityMode}
          aria-label="有效期方式"
          onChange={(event) => set({ validityMode: event.target.value as CouponFormText['validityMode'] })}
        >
          <option value="days">领取后若干天内有效</option>
          <option value="window">固定时间段</option>
        </select>
        {text.validityMode === 'days' ? (
          <input value={text.validDays} inputMode="numeric" aria-label="有效天数" onChange={(event) => set({ validDays: event.target.value })} />
        ) : (
          <>
            <input type="datetime-local" value={text.validFrom} aria-label="有效期开始" onChange={(event) => set({ validFrom: event.target.value })} />
            <input type="datetime-local" value={text.validUntil} aria-label="有效期结束" onChange={(event) => set({ validUntil: event.target.value })} />
          </>
        )}
      </Row>
      <Row label="领取时间" hasSeveralControls>
        <input type="datetime-local" value={text.claimFrom} aria-label="领取开始" onChange={(event) => set({ claimFrom: event.target.value })} />
        <input
          type="datetime-local"
          value={text.claimUntil}
          aria-label="领取结束（不填为不限）"
          onChange={(event) => set({ claimUntil: event.target.value })}
        />
      </Row>
    </>
  );
}

/** Stock, limits, order, and where the coupon is given out. */
function IssueFields({ text, set }: Pick<CouponForm, 'text' | 'set'>) {
  return (
    <>
      <Row label="发放总量（不填为不限）">
        <input value={text.totalStock} inputMode="numeric" onChange={(event) => set({ totalStock: event.target.value })} />
      </Row>
      <Row label="每人限领">
        <input value={text.perMemberLimit} inputMode="numeric" onChange={(event) => set({ perMemberLimit: event.target.value })} />
      </Row>
      <Row label="排序（小的在前）">
        <input value={text.sort} inputMode="numeric" onChange={(event) => set({ sort: event.target.value })} />
      </Row>
      <label className="marketing-form__check">
        <input type="checkbox" checked={text.isInCentre} onChange={(event) => set({ isInCentre: event.target.checked })} /> 在领券中心（/coupon）展示并发放
      </label>
      <label className="marketing-form__check">
        <input type="checkbox" checked={text.isNewMemberPack} onChange={(event) => set({ isNewMemberPack: event.target.checked })} /> 放入新人礼包（注册即发放）
      </label>
    </>
  );
}

function CouponActions({ form }: { form: CouponForm }) {
  const isRunning = form.coupon !== null && !form.coupon.isStopped;
  return (
    <div className="admin-create">
      <button type="button" className="admin-button" disabled={form.isBusy} onClick={form.save}>
        保存
      </button>
      {isRunning && (
        <button type="button" className="admin-button desk-button--secondary" disabled={form.isBusy} onClick={form.stop}>
          停发
        </button>
      )}
      {isRunning && <span className="quotation-desk__hint">停发后领券中心不再发放，已领取的优惠券在有效期内仍可使用。</span>}
    </div>
  );
}

/** /admin/coupons/:id (or /new): a coupon's terms, validity, claim window, stock and limits; stop it. */
export function AdminCouponEditPage({ data }: PageProps<CouponEditPageData>) {
  const form = useCouponForm(data);
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={marketingDeskPaths.coupons}>
      <section className="admin-card marketing-form">
        <CouponHead form={form} />
        <TermFields form={form} options={data.options} />
        <WindowFields text={form.text} set={form.set} />
        <IssueFields text={form.text} set={form.set} />
        <p className="admin-notice" role="alert">
          {form.error}
        </p>
        <p className="admin-notice admin-notice--ok" role="status" data-testid="coupon-notice">
          {form.notice}
        </p>
        {form.mayWrite && <CouponActions form={form} />}
      </section>
    </AdminLayout>
  );
}
