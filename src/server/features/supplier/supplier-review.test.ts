import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createMember } from '../../testing/factories.ts';
import { insertApplication } from './supplier.repository.ts';
import { reviewSupplierApplication } from './supplier.service.ts';

describe('reviewing supplier applications (staff)', () => {
  const t = useTestApp();
  let sequence = 0;

  async function pendingApplication(phone?: string): Promise<number> {
    sequence += 1;
    const member = await createMember(t.db.kysely);
    return insertApplication(t.db.kysely, {
      applicationNo: `GY26010100${String(sequence).padStart(6, '0')}`,
      userId: member.userId,
      companyName: '杭州某某半导体有限公司',
      creditCode: '91330100799655058B',
      contactName: '周经理',
      phone: phone ?? `1360000${String(sequence).padStart(4, '0')}`,
      categories: '[]',
      brands: 'TI',
      annualVolume: 'under1m',
      status: 'pending',
      createdAt: Date.now(),
      reviewedAt: null,
    });
  }

  const rowOf = (id: number) => t.db.kysely.selectFrom('supplierApplications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('approves a pending application, with the reviewer, the time and an optional note', async () => {
    const id = await pendingApplication();
    const reviewed = await reviewSupplierApplication(t.db.kysely, {
      applicationId: id,
      decision: 'approve',
      reason: '',
      reviewer: ' 审核员A ',
      now: 1_767_225_600_000,
    });
    expect(reviewed).toMatchObject({ status: 'approved', statusLabel: '已通过', reason: '', reviewedAtStr: '2026-01-01 08:00:00' });
    expect(await rowOf(id)).toMatchObject({ status: 'approved', reviewer: '审核员A', reviewedAt: 1_767_225_600_000 });
  });

  it('rejects only with a reason, which the applicant then sees', async () => {
    const id = await pendingApplication();
    for (const reason of ['', '   ']) {
      await expect(reviewSupplierApplication(t.db.kysely, { applicationId: id, decision: 'reject', reason, reviewer: '审核员A' })).rejects.toMatchObject({
        errorCode: 'supplier.reasonMissing',
        msg: '驳回申请须填写原因',
      });
    }
    expect((await rowOf(id)).status).toBe('pending');
    const reviewed = await reviewSupplierApplication(t.db.kysely, { applicationId: id, decision: 'reject', reason: ' 营业执照已过期 ', reviewer: '审核员A' });
    expect(reviewed).toMatchObject({ status: 'rejected', statusLabel: '已驳回', reason: '营业执照已过期' });
  });

  it('refuses a blank reviewer, an over-long reason and an unknown application', async () => {
    const id = await pendingApplication();
    await expect(reviewSupplierApplication(t.db.kysely, { applicationId: id, decision: 'approve', reason: '', reviewer: ' ' })).rejects.toMatchObject({
      errorCode: 'supplier.reviewerMissing',
    });
    await expect(
      reviewSupplierApplication(t.db.kysely, { applicationId: id, decision: 'reject', reason: '因'.repeat(201), reviewer: '审核员A' }),
    ).rejects.toMatchObject({
      errorCode: 'supplier.reasonLong',
    });
    await expect(
      reviewSupplierApplication(t.db.kysely, { applicationId: 999_999, decision: 'approve', reason: '', reviewer: '审核员A' }),
    ).rejects.toMatchObject({
      errorCode: 'supplier.notFound',
    });
    expect((await rowOf(id)).status).toBe('pending');
  });

  it('reviews an application once: a decided one cannot be decided again', async () => {
    const id = await pendingApplication();
    await reviewSupplierApplication(t.db.kysely, { applicationId: id, decision: 'approve', reason: '', reviewer: '审核员A' });
    await expect(
      reviewSupplierApplication(t.db.kysely, { applicationId: id, decision: 'reject', reason: '资料不全', reviewer: '审核员B' }),
    ).rejects.toMatchObject({
      errorCode: 'supplier.notPending',
      msg: '该申请已审核，不能重复审核',
    });
    expect(await rowOf(id)).toMatchObject({ status: 'approved', reviewer: '审核员A', reason: '' });
  });

  it('lets exactly one of concurrent reviews win, and the row is the winner’s', async () => {
    const id = await pendingApplication();
    const reviews = Array.from({ length: 6 }, (_, index) => ({
      applicationId: id,
      decision: index % 2 === 0 ? ('approve' as const) : ('reject' as const),
      reason: index % 2 === 0 ? '' : `驳回理由${index}`,
      reviewer: `审核员${index}`,
    }));
    const results = await Promise.allSettled(reviews.map((review) => reviewSupplierApplication(t.db.kysely, review)));
    const winners = results.flatMap((result, index) => (result.status === 'fulfilled' ? [reviews[index]] : []));
    expect(winners).toHaveLength(1);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ errorCode: 'supplier.notPending' });
    const winner = winners[0];
    expect(await rowOf(id)).toMatchObject({
      status: winner?.decision === 'approve' ? 'approved' : 'rejected',
      reviewer: winner?.reviewer,
      reason: winner?.reason,
    });
  });

  it('keeps one pending application per phone even when two are written at once', async () => {
    const phone = '13611112222';
    const results = await Promise.allSettled([pendingApplication(phone), pendingApplication(phone), pendingApplication(phone)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rows = await t.db.kysely.selectFrom('supplierApplications').select('status').where('phone', '=', phone).execute();
    expect(rows).toEqual([{ status: 'pending' }]);
  });
});
