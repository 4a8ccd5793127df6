import { maskPhone } from '../../../contract/account.ts';
import { companyPath, companyRoleLabels, type CompanyRole } from '../../../contract/company-account.ts';

/** The 企业账户 messages' texts (message type 7); each names /user/company, which the message page links. */
export const companyMessageTexts = {
  invited: (companyName: string, role: CompanyRole) =>
    `${companyName} 邀请您以“${companyRoleLabels[role]}”身份加入企业账户，请前往 会员中心 · 企业账户 接受或拒绝：${companyPath}`,
  invitationCancelled: (companyName: string) => `${companyName} 已撤回对您的企业账户邀请。`,
  accepted: (memberName: string, companyName: string, role: CompanyRole) =>
    `${memberName} 已接受邀请，以“${companyRoleLabels[role]}”身份加入 ${companyName}：${companyPath}`,
  declined: (phone: string, companyName: string) => `手机号 ${maskPhone(phone)} 拒绝了加入 ${companyName} 的邀请：${companyPath}`,
  roleChanged: (companyName: string, role: CompanyRole) => `您在 ${companyName} 的角色已改为“${companyRoleLabels[role]}”：${companyPath}`,
  left: (memberName: string, companyName: string) => `${memberName} 已退出企业账户 ${companyName}：${companyPath}`,
  removed: (companyName: string) => `您已被移出企业账户 ${companyName}，此后下单、常购清单恢复为个人账户。`,
} as const;
