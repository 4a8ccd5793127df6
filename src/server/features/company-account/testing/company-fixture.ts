import { companyCalls } from '../../../../contract/company-account-calls.ts';
import type { CompanyPageData, CompanyRole } from '../../../../contract/company-account.ts';
import { creditCodeCheckCharacter } from '../../../../contract/credit-code.ts';
import type { SignedInMember } from '../../../testing/use-test-app.ts';

let codeSequence = 0;

/** A valid 统一社会信用代码 no other test uses (a Shenzhen company's shape, the check character computed). */
export function uniqueCreditCode(): string {
  codeSequence += 1;
  const body = `914403${String(process.pid % 100_000).padStart(5, '0')}${String(codeSequence).padStart(6, '0')}`;
  return `${body}${creditCodeCheckCharacter(body) ?? ''}`;
}

/** The member creates a company (and so is its 管理员). */
export function createTestCompany(admin: SignedInMember, name = '深圳测试电子有限公司'): Promise<CompanyPageData> {
  return admin.browser.callOk(companyCalls.create, { name, creditCode: uniqueCreditCode() });
}

/** The admin invites the member, who accepts: the member is in the company with the role. */
export async function joinCompany(admin: SignedInMember, member: SignedInMember, role: CompanyRole): Promise<CompanyPageData> {
  await admin.browser.callOk(companyCalls.invite, { phone: member.phone, role });
  const invitation = (await member.browser.callOk(companyCalls.state, {})).myInvitations[0];
  if (!invitation) throw new Error('no invitation');
  return member.browser.callOk(companyCalls.acceptInvitation, { invitationId: invitation.invitationId });
}
