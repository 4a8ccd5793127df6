import { ResultCode } from './envelope.ts';
import type { CompanyProse } from './help.ts';
import { defineErrors } from './errors.ts';
import { emailRule, phoneRule, problemOf, textRule, type TextRule } from './rules.ts';
import type { WarehouseFact } from './warehouse.ts';

/**
 * /contact (联系我们, issue 13): the store's offices and warehouses, its channels (from the shell's
 * config info) and a contact form whose messages staff handle. Request schemas: contact-requests.ts.
 */

export const contactPaths = {
  page: '/contact',
  /** The locally drawn map of an office: `/contact/map/<id>.svg`. */
  mapPrefix: '/contact/map/',
} as const;

export function officeMapPath(officeId: number): string {
  return `${contactPaths.mapPrefix}${String(officeId)}.svg`;
}

/** A warehouse's drawn map: `/contact/map/warehouse-<code>.svg`. */
export function warehouseMapPath(code: string): string {
  return `${contactPaths.mapPrefix}warehouse-${code}.svg`;
}

/** The graphic code's type for the contact form (an SMS purpose's number is used by the account forms). */
export const contactGraphCodeType = 8;

export const contactLimits = {
  nameMax: 30,
  companyMax: 60,
  emailMax: 80,
  messageMin: 10,
  messageMax: 1000,
  /** Sends of one browser session in an hour before a graphic code is asked for. */
  freePerSessionPerHour: 1,
  /** Sends from one address in an hour before a graphic code is asked for (an office behind one address). */
  freePerIpPerHour: 3,
  /** Sends from one address in an hour, graphic code or not. */
  perIpPerHour: 10,
} as const;

export const ContactMessageStatus = {
  /** 待处理 */
  new: 'new',
  /** 已处理 */
  handled: 'handled',
} as const;
export type ContactMessageStatus = (typeof ContactMessageStatus)[keyof typeof ContactMessageStatus];
export const contactMessageStatuses = [ContactMessageStatus.new, ContactMessageStatus.handled] as const;
export const contactMessageStatusLabels: Record<ContactMessageStatus, string> = { new: '待处理', handled: '已处理' };

export const contactMessages = {
  nameMissing: '请输入您的姓名',
  nameLong: `姓名不能超过${String(contactLimits.nameMax)}个字`,
  companyLong: `公司名称不能超过${String(contactLimits.companyMax)}个字`,
  emailLong: `邮箱不能超过${String(contactLimits.emailMax)}个字符`,
  messageMissing: '请填写留言内容',
  messageShort: `留言内容至少${String(contactLimits.messageMin)}个字`,
  messageLong: `留言内容不能超过${String(contactLimits.messageMax)}个字`,
  sent: '留言已提交，我们将在1个工作日内与您联系',
} as const;

export const contactErrors = defineErrors('contact', {
  /** The address's hard hourly limit, graphic code or not. */
  tooFrequent: { code: ResultCode.tooManyRequests, msg: '留言提交过于频繁，请1小时后再试' },
  notFound: { code: ResultCode.notFound, msg: '留言不存在' },
  alreadyHandled: { code: ResultCode.conflict, msg: '该留言已处理' },
  handlerMissing: { code: ResultCode.badRequest, msg: '请填写处理人' },
});

/** Counted in characters as typed (code points), after trimming. */
function lengthOf(value: string): number {
  return Array.from(value).length;
}

export const contactNameRule = textRule(contactMessages.nameMissing, (name) =>
  name === '' ? contactMessages.nameMissing : lengthOf(name) > contactLimits.nameMax ? contactMessages.nameLong : '',
);

/** The email is optional; when given it follows the spec's rule. */
export const contactEmailRule = textRule(emailRule.missingMessage, (email) =>
  email === '' ? '' : email.length > contactLimits.emailMax ? contactMessages.emailLong : problemOf(emailRule, email),
);

export const contactCompanyRule = textRule('', (company) => (lengthOf(company) > contactLimits.companyMax ? contactMessages.companyLong : ''));

export const contactMessageRule = textRule(contactMessages.messageMissing, (message) => {
  const length = lengthOf(message);
  if (length === 0) return contactMessages.messageMissing;
  if (length < contactLimits.messageMin) return contactMessages.messageShort;
  if (length > contactLimits.messageMax) return contactMessages.messageLong;
  return '';
});

export interface ContactForm {
  name: string;
  phone: string;
  email: string;
  company: string;
  message: string;
}

/** The form's first problem in field order, as the server would say it; '' when it may be sent. */
export function contactFormProblem(form: ContactForm): string {
  const rules: [TextRule, string][] = [
    [contactNameRule, form.name],
    [phoneRule, form.phone],
    [contactEmailRule, form.email],
    [contactCompanyRule, form.company],
    [contactMessageRule, form.message],
  ];
  for (const [rule, value] of rules) {
    const problem = problemOf(rule, value);
    if (problem) return problem;
  }
  return '';
}

export const OfficeKind = { office: 'office', warehouse: 'warehouse' } as const;
export type OfficeKind = (typeof OfficeKind)[keyof typeof OfficeKind];
export const officeKindLabels: Record<OfficeKind, string> = { office: '办公地址', warehouse: '仓库地址' };

export interface Office {
  id: number;
  kind: OfficeKind;
  kindLabel: string;
  name: string;
  address: string;
  phone: string;
  hours: string;
  /** Where the office's map picture is. */
  mapUrl: string;
}

/** A warehouse parts ship from, as /contact lists it (the site facts' warehouses, not a row of the offices). */
export interface ContactWarehouse extends WarehouseFact {
  mapUrl: string;
}

export interface ContactPageData {
  /** The offices; the warehouses are listed from the warehouses table (site facts). */
  offices: Office[];
  warehouses: ContactWarehouse[];
  /** Staff-edited prose (the help centre's company pages group). */
  prose: CompanyProse<'intro' | 'notes'>;
  /** The graphic code type the form asks for after repeated sends. */
  graphCodeType: number;
}

export interface ContactSendResponse {
  id: number;
}

/** One message as staff see it. */
export interface ContactMessage {
  id: number;
  name: string;
  phone: string;
  email: string;
  company: string;
  message: string;
  status: ContactMessageStatus;
  statusLabel: string;
  createdAt: number;
  handledAt: number | null;
  handledBy: string;
}
