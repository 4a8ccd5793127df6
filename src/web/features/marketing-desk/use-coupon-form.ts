import { useState } from 'react';
import { marketingDeskPaths, type CouponDeskDetail, type CouponEditPageData } from '../../../contract/console/marketing.ts';
import { marketingDeskCalls } from '../../../contract/console/marketing-calls.ts';
import { ApiError } from '../../lib/api-client.ts';
import { callStaffApi } from '../staff/staff-api.ts';
import { useStaffCan } from '../staff/staff-can.tsx';
import { firstLocalProblem, formTextOf, formValuesOf, type CouponFormText } from './coupon-form-state.ts';

/** A coupon template's form: its text as typed, 保存 (create or update) and 停发, with the outcome or refusal. */
export function useCouponForm(data: CouponEditPageData) {
  const [coupon, setCoupon] = useState<CouponDeskDetail | null>(data.coupon);
  const [text, setText] = useState<CouponFormText>(() => formTextOf(data.coupon, data.now));
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [isBusy, setBusy] = useState(false);
  const can = useStaffCan(data.staff);
  const mayWrite = can({ action: coupon ? 'update' : 'create', subject: 'Coupon' });
  const isLocked = coupon !== null && coupon.heldCount > 0;
  const set = (patch: Partial<CouponFormText>) => setText((current) => ({ ...current, ...patch }));

  async function run(work: () => Promise<CouponDeskDetail>, done: string) {
    setError('');
    setNotice('');
    setBusy(true);
    try {
      const next = await work();
      if (!coupon) window.history.replaceState(null, '', marketingDeskPaths.editCoupon(next.id));
      setCoupon(next);
      setText(formTextOf(next, Date.now()));
      setNotice(done);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.msg ? failure.msg : '保存失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

  function save() {
    const form = formValuesOf(text);
    const problem = firstLocalProblem(form);
    if (problem) {
      setError(problem);
      return;
    }
    void run(
      () => (coupon ? callStaffApi(marketingDeskCalls.update, { templateId: coupon.id, form }) : callStaffApi(marketingDeskCalls.create, form)),
      coupon ? '优惠券已保存' : '优惠券已创建',
    );
  }

  function stop() {
    if (!coupon) return;
    void run(() => callStaffApi(marketingDeskCalls.stop, { templateId: coupon.id }), '优惠券已停发，已领取的优惠券在有效期内仍可使用');
  }

  return { coupon, text, set, notice, error, isBusy, mayWrite, isLocked, save, stop };
}

export type CouponForm = ReturnType<typeof useCouponForm>;
