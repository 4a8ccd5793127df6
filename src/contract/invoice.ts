import { charCount, cleanLine, lineRule } from './address.ts';
import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { bankNumberRule, firstProblem, isLandline, isMobilePhone, taxNumberRule, textRule } from './rules.ts';

/**
 * Invoice profiles and the company register: the pure part of the contract, shared by the server
 * and the forms. Request schemas: invoice-requests.ts; the calls: invoice-calls.ts.
 */

export const invoiceTypes = ['normal-personal', 'normal-company', 'special'] as const;
export type InvoiceType = (typeof invoiceTypes)[number];

export const invoiceTypeNames: Record<InvoiceType, string> = {
  'normal-personal': '个人普通发票',
  'normal-company': '单位普通发票',
  special: '增值税专用发票',
};

export function isInvoiceType(value: string): value is InvoiceType {
  return (invoiceTypes as readonly string[]).includes(value);
}

/** 普通发票 to a person: the title (发票抬头) only. */
export interface PersonalInvoice {
  type: 'normal-personal';
  title: string;
}

/** 普通发票 to a company: its name and tax number. */
export interface CompanyInvoice {
  type: 'normal-company';
  companyName: string;
  taxNumber: string;
}

/** 增值税专用发票: everything the tax office needs of the buyer. */
export interface SpecialInvoice {
  type: 'special';
  companyName: string;
  taxNumber: string;
  registeredAddress: string;
  registeredPhone: string;
  bankName: string;
  bankAccount: string;
}

export type InvoiceFields = PersonalInvoice | CompanyInvoice | SpecialInvoice;

export type InvoiceProfile = InvoiceFields & { id: number; isDefault: boolean };

/** The invoice an order asks for, kept on the order as it was when it was placed. */
export type InvoiceSnapshot = InvoiceFields;

/** What the checkout sends: no invoice, a saved profile, or fields typed for this order only. */
export type InvoiceRequest = { kind: 'none' } | { kind: 'profile'; invoiceProfileId: number } | { kind: 'inline'; invoice: InvoiceFields };

export const maxInvoiceProfiles = 10;

export const invoiceLimits = {
  title: 50,
  companyNameMin: 2,
  companyName: 100,
  registeredAddressMin: 5,
  registeredAddress: 120,
  bankNameMin: 2,
  bankName: 60,
  phone: 20,
} as const;

/** The company autocomplete: at least 2 characters, at most 10 names. */
export const companyQueryLimits = { minChars: 2, maxChars: invoiceLimits.companyName, maxNames: 10 } as const;

/** A company the store knows, from the register or an earlier invoice profile. */
export interface CompanyInfo {
  name: string;
  taxNumber: string;
  /** '' when the store knows only the name and tax number (from a 单位普通发票 profile). */
  registeredAddress: string;
  registeredPhone: string;
  bankName: string;
  bankAccount: string;
}

export const invoiceMessages = {
  saved: '发票信息已保存',
  deleted: '发票信息已删除',
  defaultSet: '已设为默认发票信息',
} as const;

export const invoiceErrors = defineErrors('invoice', {
  /** Unknown, or another member's: the same answer, so ids reveal nothing. */
  notFound: { code: ResultCode.notFound, msg: '发票信息不存在' },
  full: { code: ResultCode.badRequest, msg: `最多可保存${maxInvoiceProfiles}条发票信息，请先删除不用的发票信息` },
  /** The company autocomplete asked too often by one member. */
  lookupTooFrequent: { code: ResultCode.tooManyRequests, msg: '查询过于频繁，请稍后再试' },
});

export const invoiceTypeMissingMessage = '请选择发票类型';

export const invoiceTitleRule = lineRule('请输入发票抬头', 1, invoiceLimits.title, `发票抬头不能超过${invoiceLimits.title}个字`);
export const companyNameRule = lineRule(
  '请输入单位名称',
  invoiceLimits.companyNameMin,
  invoiceLimits.companyName,
  `单位名称为${invoiceLimits.companyNameMin}-${invoiceLimits.companyName}个字`,
);
export const registeredAddressRule = lineRule(
  '请输入注册地址',
  invoiceLimits.registeredAddressMin,
  invoiceLimits.registeredAddress,
  `注册地址为${invoiceLimits.registeredAddressMin}-${invoiceLimits.registeredAddress}个字`,
);
/** A landline (spec §5) or a mobile number, at most 20 characters. */
export const registeredPhoneRule = textRule('请输入注册电话', (value) =>
  (isLandline(value) || isMobilePhone(value)) && value.length <= invoiceLimits.phone ? '' : '请输入正确的注册电话（固定电话或手机号码）',
);
export const bankNameRule = lineRule(
  '请输入开户银行',
  invoiceLimits.bankNameMin,
  invoiceLimits.bankName,
  `开户银行为${invoiceLimits.bankNameMin}-${invoiceLimits.bankName}个字`,
);
/** Tax numbers are kept in capitals: 统一社会信用代码 are written so, and the register matches on them. */
export function normalizeTaxNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** The invoice form: every field of every type; the type says which count. */
export interface InvoiceForm {
  type: InvoiceType;
  title: string;
  companyName: string;
  taxNumber: string;
  registeredAddress: string;
  registeredPhone: string;
  bankName: string;
  bankAccount: string;
}

export type InvoiceFieldName = Exclude<keyof InvoiceForm, 'type'>;

export const emptyInvoiceForm: InvoiceForm = {
  type: 'normal-personal',
  title: '',
  companyName: '',
  taxNumber: '',
  registeredAddress: '',
  registeredPhone: '',
  bankName: '',
  bankAccount: '',
};

/** The fields each type asks for, in the form's order. */
export const invoiceFieldsOfType: Record<InvoiceType, readonly InvoiceFieldName[]> = {
  'normal-personal': ['title'],
  'normal-company': ['companyName', 'taxNumber'],
  special: ['companyName', 'taxNumber', 'registeredAddress', 'registeredPhone', 'bankName', 'bankAccount'],
};

const fieldRules = {
  title: invoiceTitleRule,
  companyName: companyNameRule,
  taxNumber: taxNumberRule,
  registeredAddress: registeredAddressRule,
  registeredPhone: registeredPhoneRule,
  bankName: bankNameRule,
  bankAccount: bankNumberRule,
} as const;

/** What the form shows beside each field of the chosen type ('' when fine); the server checks the same rules. */
export function invoiceFieldProblems(form: InvoiceForm): Partial<Record<InvoiceFieldName, string>> {
  return Object.fromEntries(
    invoiceFieldsOfType[form.type].map((field) => {
      const value = form[field].trim();
      return [field, value === '' ? fieldRules[field].missingMessage : fieldRules[field].check(value)];
    }),
  );
}

export function invoiceFormProblem(form: InvoiceForm): string {
  return firstProblem(...Object.values(invoiceFieldProblems(form)));
}

/** The fields a form's type sends, cleaned as the server stores them. */
export function invoiceFieldsOf(form: InvoiceForm): InvoiceFields {
  switch (form.type) {
    case 'normal-personal':
      return { type: form.type, title: cleanLine(form.title) };
    case 'normal-company':
      return { type: form.type, companyName: cleanLine(form.companyName), taxNumber: normalizeTaxNumber(form.taxNumber) };
    case 'special':
      return {
        type: form.type,
        companyName: cleanLine(form.companyName),
        taxNumber: normalizeTaxNumber(form.taxNumber),
        registeredAddress: cleanLine(form.registeredAddress),
        registeredPhone: form.registeredPhone.trim(),
        bankName: cleanLine(form.bankName),
        bankAccount: form.bankAccount.trim(),
      };
  }
}

/** A saved profile (or snapshot) back in the form, to edit it. */
export function invoiceFormOf(fields: InvoiceFields): InvoiceForm {
  switch (fields.type) {
    case 'normal-personal':
      return { ...emptyInvoiceForm, type: fields.type, title: fields.title };
    case 'normal-company':
      return { ...emptyInvoiceForm, type: fields.type, companyName: fields.companyName, taxNumber: fields.taxNumber };
    case 'special': {
      const { type, companyName, taxNumber, registeredAddress, registeredPhone, bankName, bankAccount } = fields;
      return { ...emptyInvoiceForm, type, companyName, taxNumber, registeredAddress, registeredPhone, bankName, bankAccount };
    }
  }
}

/** The form after a company was chosen from the register: its name and what the register knows of it. */
export function withCompanyInfo(form: InvoiceForm, info: CompanyInfo): InvoiceForm {
  return {
    ...form,
    companyName: info.name,
    taxNumber: info.taxNumber,
    registeredAddress: info.registeredAddress || form.registeredAddress,
    registeredPhone: info.registeredPhone || form.registeredPhone,
    bankName: info.bankName || form.bankName,
    bankAccount: info.bankAccount || form.bankAccount,
  };
}

/** 发票抬头 as a list or an order shows it: the person's title or the company's name. */
export function invoiceTitleOf(fields: InvoiceFields): string {
  return fields.type === 'normal-personal' ? fields.title : fields.companyName;
}

/** Whether a typed name is long enough to ask the register. */
export function isCompanyQuery(name: string): boolean {
  return charCount(name.trim()) >= companyQueryLimits.minChars;
}
