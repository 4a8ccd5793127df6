import { describe, expect, it } from 'vitest';
import { marketingDeskPaths, type CouponFormValues } from '../../../contract/console/marketing.ts';
import { marketingDeskCalls } from '../../../contract/console/marketing-calls.ts';
import { staffRoles } from '../../../contract/staff.ts';
import { gridExportHref } from '../../../contract/staff-grid.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { workbookRows } from '../staff/testing/workbook-rows.ts';

let serial = 0;

function couponForm(name: string): CouponFormValues {
  serial += 1;
  return {
    name: `${name}${String(serial)}`,
    kind: 'goods',
    faceValueCents: 1_000,
    thresholdCents: 10_000,
    scope: 'all',
    scopeId: null,
    validDays: 30,
    validFrom: null,
    validUntil: null,
    claimFrom: Date.now() - 60_000,
    claimUntil: null,
    totalStock: 100,
    perMemberLimit: 1,
    isInCentre: true,
    isNewMemberPack: false,
    sort: 0,
  };
}

/** 营销管理's 批量停发 (each coupon audited, one already stopped reported) and the coupon grid's Excel export. */
describe('营销管理 bulk stop and export', () => {
  const t = useTestApp();
  const couponAudit = () => t.db.kysely.selectFrom('auditLog').selectAll().where('subject', '=', 'Coupon').orderBy('id').execute();
  const stoppedAt = async (id: number) =>
    (await t.db.kysely.selectFrom('couponTemplates').select('stoppedAt').where('id', '=', id).executeTakeFirstOrThrow()).stoppedAt;

  async function coupons(count: number, name = '批量券') {
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) ids.push((await content.browser.call(marketingDeskCalls.create, couponForm(name))).data?.id ?? 0);
    return { content, ids };
  }

  it('stops the chosen coupons, each audited, and reports one already stopped and one gone', async () => {
    const { content, ids } = await coupons(3);
    const [first, second, third] = ids as [number, number, number];
    await content.browser.call(marketingDeskCalls.stop, { templateId: third });
    const auditBefore = (await couponAudit()).length;
    const answer = await content.browser.call(marketingDeskCalls.bulkStop, { templateIds: [first, second, third, 2_000_000_000] });
    expect(answer).toMatchObject({
      code: 1,
      data: {
        done: 2,
        refused: [
          { id: third, msg: '该优惠券已停发' },
          { id: 2_000_000_000, msg: '优惠券不存在' },
        ],
      },
    });
    expect(await stoppedAt(first)).not.toBeNull();
    expect(await stoppedAt(second)).not.toBeNull();
    const entries = (await couponAudit()).slice(auditBefore);
    expect(entries.map((entry) => [entry.action, entry.subjectId, entry.staffId])).toEqual([
      ['stop', String(first), content.id],
      ['stop', String(second), content.id],
    ]);
  });

  it('refuses bad input with a Chinese message', async () => {
    const { content, ids } = await coupons(1);
    const auditBefore = (await couponAudit()).length;
    expect(await content.browser.post(marketingDeskCalls.bulkStop.path, { templateIds: [] })).toMatchObject({ code: 400, msg: '请选择优惠券' });
    expect(await content.browser.post(marketingDeskCalls.bulkStop.path, { templateIds: Array.from({ length: 101 }, (_, index) => index + 1) })).toMatchObject({
      code: 400,
      msg: '一次最多选择100张优惠券',
    });
    expect(await content.browser.post(marketingDeskCalls.bulkStop.path, { templateIds: ['x'] })).toMatchObject({ code: 400, msg: '优惠券编号有误' });
    expect(await stoppedAt(ids[0] ?? 0)).toBeNull();
    expect(await couponAudit()).toHaveLength(auditBefore);
  });

  it('refuses roles without Coupon update, with no change and no audit entry', async () => {
    const { ids } = await coupons(1);
    for (const role of staffRoles.filter((candidate) => !abilityFor(candidate).can('update', 'Coupon'))) {
      const staff = await signedInStaff(t.app, t.db.kysely, role);
      const auditBefore = (await couponAudit()).length;
      expect(await staff.browser.call(marketingDeskCalls.bulkStop, { templateIds: ids })).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
      expect(await couponAudit()).toHaveLength(auditBefore);
    }
    expect(await stoppedAt(ids[0] ?? 0)).toBeNull();
  });

  it('stops each coupon once when two staff stop the same coupons at the same time', async () => {
    const { content, ids } = await coupons(3);
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const auditBefore = (await couponAudit()).length;
    const answers = await Promise.all([
      content.browser.call(marketingDeskCalls.bulkStop, { templateIds: ids }),
      admin.browser.call(marketingDeskCalls.bulkStop, { templateIds: [...ids].reverse() }),
    ]);
    expect(answers.reduce((sum, answer) => sum + (answer.data?.done ?? 0), 0)).toBe(3);
    expect(answers.flatMap((answer) => answer.data?.refused ?? [])).toHaveLength(3);
    expect((await couponAudit()).slice(auditBefore)).toHaveLength(3);
  });

  it('exports the coupons the filters match as .xlsx, to roles that may read coupons', async () => {
    const { content, ids } = await coupons(2, '导出券');
    await content.browser.call(marketingDeskCalls.stop, { templateId: ids[0] ?? 0 });
    const response = await content.browser.get(
      gridExportHref(marketingDeskPaths.export, { filters: { name: '导出券', state: 'stopped' }, sort: { column: 'createdAt', direction: 'asc' } }),
    );
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('优惠券列表.xlsx'));
    const rows = workbookRows(response, '优惠券列表');
    expect(rows[0]).toEqual(['编号', '名称', '优惠', '使用范围', '状态', '已领', '总量', '每人限领', '有效期', '领取时间', '创建时间']);
    expect(rows.slice(1).map((row) => [row[0], row[4]])).toEqual([[String(ids[0]), '已停发']]);
    const service = await signedInStaff(t.app, t.db.kysely, 'service');
    expect((await service.browser.get(gridExportHref(marketingDeskPaths.export, { filters: {} }))).json()).toMatchObject({ code: 403 });
  });
});
