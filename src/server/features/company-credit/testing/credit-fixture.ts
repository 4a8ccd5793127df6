import type { CompanyRole } from '../../../../contract/company-account.ts';
import type { SignedInMember, UsedTestApp } from '../../../testing/use-test-app.ts';
import { createTestCompany, joinCompany } from '../../company-account/testing/company-fixture.ts';
import { grantCredit } from '../company-credit.service.ts';

export interface CreditCompany {
  companyId: number;
  admin: SignedInMember;
  members: Record<Exclude<CompanyRole, 'admin'>, SignedInMember[]>;
}

/** A company with its 管理员, `buyers` 采购, one 财务 and one 审批, granted 月结 (limit and terms) when `limitCents` is given. */
export async function creditCompany<F>(
  t: UsedTestApp<F>,
  options: { limitCents?: number; termsDays?: number; buyers?: number; name?: string } = {},
): Promise<CreditCompany> {
  const admin = await t.member();
  const page = await createTestCompany(admin, options.name ?? '深圳月结测试电子有限公司');
  const companyId = page.company?.companyId ?? 0;
  const members: CreditCompany['members'] = { buyer: [], finance: [], approver: [] };
  for (let index = 0; index < (options.buyers ?? 1); index += 1) {
    const buyer = await t.member();
    await joinCompany(admin, buyer, 'buyer');
    members.buyer.push(buyer);
  }
  for (const role of ['finance', 'approver'] as const) {
    const member = await t.member();
    await joinCompany(admin, member, role);
    members[role].push(member);
  }
  if (options.limitCents !== undefined) {
    await grantCredit(t.db.kysely, { companyId, limitCents: options.limitCents, termsDays: options.termsDays ?? 30 }, Date.now());
  }
  return { companyId, admin, members };
}
