import { isUnifiedCreditCode } from './credit-code.ts';
import { ResultCode } from './envelope.ts';
import type { CompanyProse } from './help.ts';
import { defineErrors } from './errors.ts';
import { isTaxNumber, phoneRule, problemOf, smsCodeRule, taxNumberRule, textRule } from './rules.ts';

/**
 * 供应商入驻 (/serve/supplier, issue 13): a member applies for their company with its documents and
 * an SMS-verified contact phone; staff approve or reject it; anyone with the phone sees its progress.
 * Request schemas: supplier-requests.ts; the calls: supplier-calls.ts.
 */

export const supplierPaths = { page: '/serve/supplier' } as const;

export const SupplierApplicationStatus = {
  /** 待审核 */
  pending: 'pending',
  /** 已通过 */
  approved: 'approved',
  /** 已驳回 */
  rejected: 'rejected',
} as const;
export type SupplierApplicationStatus = (typeof SupplierApplicationStatus)[keyof typeof SupplierApplicationStatus];
export const supplierApplicationStatusLabels: Record<SupplierApplicationStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};

export const SupplierDecision = { approve: 'approve', reject: 'reject' } as const;
export type SupplierDecision = (typeof SupplierDecision)[keyof typeof SupplierDecision];

/** 年供货额: the ranges an applicant picks from. */
export const annualVolumes = ['under1m', '1mTo5m', '5mTo20m', '20mTo100m', 'over100m'] as const;
export type AnnualVolume = (typeof annualVolumes)[number];
export const annualVolumeLabels: Record<AnnualVolume, string> = {
  under1m: '100万元以下',
  '1mTo5m': '100万–500万元',
  '5mTo20m': '500万–2000万元',
  '20mTo100m': '2000万–1亿元',
  over100m: '1亿元以上',
};

export const supplierLimits = {
  companyMax: 60,
  contactNameMax: 20,
  brandsMax: 200,
  categoriesMax: 10,
  licencesMax: 2,
  certificatesMax: 6,
  reasonMax: 200,
  reviewerMax: 30,
  /** Applications of one phone the progress lookup lists, newest first. */
  progressMax: 5,
} as const;

export const supplierMessages = {
  companyMissing: '请输入公司名称',
  companyLong: `公司名称不能超过${String(supplierLimits.companyMax)}个字`,
  creditCodeMissing: '请输入统一社会信用代码或税号',
  creditCodeCheck: '统一社会信用代码校验位不正确，请核对',
  contactNameMissing: '请输入联系人姓名',
  contactNameLong: `联系人姓名不能超过${String(supplierLimits.contactNameMax)}个字`,
  categoriesMissing: '请选择供应品类',
  categoriesTooMany: `供应品类最多选择${String(supplierLimits.categoriesMax)}个`,
  categoryUnknown: '供应品类有误，请刷新页面后重新选择',
  brandsMissing: '请填写供应品牌',
  brandsLong: `供应品牌不能超过${String(supplierLimits.brandsMax)}个字`,
  volumeMissing: '请选择年供货额',
  licenceMissing: '请上传营业执照',
  licencesTooMany: `营业执照最多上传${String(supplierLimits.licencesMax)}个文件`,
  certificatesTooMany: `代理证或分销证书最多上传${String(supplierLimits.certificatesMax)}个文件`,
  documentKeyInvalid: '文件地址有误',
  /** A key that is not the applicant's own supplier document (upload.notOwned, in the words of files). */
  documentNotOwned: '文件不存在或已失效，请重新上传',
  submitted: '入驻申请已提交，我们将在3个工作日内完成审核',
  reasonMissing: '驳回申请须填写原因',
  reasonLong: `审核意见不能超过${String(supplierLimits.reasonMax)}个字`,
  reviewerMissing: '请填写审核人',
  decisionInvalid: '审核结果有误',
} as const;

export const supplierErrors = defineErrors('supplier', {
  /** One pending application per phone: the partial unique index decides between racing submissions. */
  alreadyPending: { code: ResultCode.conflict, msg: '该手机号已有待审核的入驻申请，请耐心等待审核结果' },
  notFound: { code: ResultCode.notFound, msg: '入驻申请不存在' },
  /** Reviewed already (by someone else, a moment ago): a decision is made once. */
  notPending: { code: ResultCode.conflict, msg: '该申请已审核，不能重复审核' },
  reasonMissing: { code: ResultCode.badRequest, msg: supplierMessages.reasonMissing },
  reviewerMissing: { code: ResultCode.badRequest, msg: supplierMessages.reviewerMissing },
  reasonLong: { code: ResultCode.badRequest, msg: supplierMessages.reasonLong },
  categoryUnknown: { code: ResultCode.badRequest, msg: supplierMessages.categoryUnknown },
});

/**
 * The spec's tax number rule (1–30 letters or digits); an 18-character value is a unified social
 * credit code (every company's tax number since 2015) and its check character must hold. Upper case.
 */
export const creditCodeRule = textRule(supplierMessages.creditCodeMissing, (raw) => {
  const value = raw.toUpperCase();
  if (value === '') return supplierMessages.creditCodeMissing;
  if (!isTaxNumber(value)) return problemOf(taxNumberRule, value);
  if (value.length === 18 && !isUnifiedCreditCode(value)) return supplierMessages.creditCodeCheck;
  return '';
});

function lengthOf(value: string): number {
  return Array.from(value).length;
}

function boundedText(missing: string, max: number, long: string) {
  return textRule(missing, (value) => (value === '' ? missing : lengthOf(value) > max ? long : ''));
}

export const supplierCompanyRule = boundedText(supplierMessages.companyMissing, supplierLimits.companyMax, supplierMessages.companyLong);
export const supplierContactNameRule = boundedText(supplierMessages.contactNameMissing, supplierLimits.contactNameMax, supplierMessages.contactNameLong);
export const supplierBrandsRule = boundedText(supplierMessages.brandsMissing, supplierLimits.brandsMax, supplierMessages.brandsLong);

export interface SupplierApplicationForm {
  companyName: string;
  creditCode: string;
  contactName: string;
  phone: string;
  smsCode: string;
  categoryIds: readonly number[];
  brands: string;
  annualVolume: AnnualVolume | '';
  licenceKeys: readonly string[];
  certificateKeys: readonly string[];
}

/** The form's first problem in field order, in the server's words; '' when it may be sent. */
export function supplierFormProblem(form: SupplierApplicationForm): string {
  const problems = [
    problemOf(supplierCompanyRule, form.companyName),
    problemOf(creditCodeRule, form.creditCode),
    problemOf(supplierContactNameRule, form.contactName),
    problemOf(phoneRule, form.phone),
    problemOf(smsCodeRule, form.smsCode),
    form.categoryIds.length === 0 ? supplierMessages.categoriesMissing : '',
    form.categoryIds.length > supplierLimits.categoriesMax ? supplierMessages.categoriesTooMany : '',
    problemOf(supplierBrandsRule, form.brands),
    form.annualVolume === '' ? supplierMessages.volumeMissing : '',
    form.licenceKeys.length === 0 ? supplierMessages.licenceMissing : '',
  ];
  return problems.find((problem) => problem !== '') ?? '';
}

/** A top category the applicant may pick. */
export interface SupplierCategoryChoice {
  categoryId: number;
  categoryName: string;
}

export interface SupplierPageData {
  /** Applying needs an account (the documents are the member's uploads); the page shows a login prompt to visitors. */
  isLoggedIn: boolean;
  categories: SupplierCategoryChoice[];
  /** What the login prompt links to (comes back here). */
  loginUrl: string;
  /** Staff-edited prose (the help centre's company pages group). */
  prose: CompanyProse<'intro' | 'reasons' | 'requirements' | 'steps'>;
}

export interface SupplierDocument {
  kind: 'licence' | 'certificate';
  key: string;
  url: string;
}

/** What the applicant sees of an application. */
export interface SupplierApplicationSummary {
  applicationNo: string;
  companyName: string;
  status: SupplierApplicationStatus;
  statusLabel: string;
  /** Why it was rejected (or a note with the approval); '' otherwise. */
  reason: string;
  createdAt: number;
  createdAtStr: string;
  reviewedAtStr: string;
}

/** Everything of an application, for staff. */
export interface SupplierApplication extends SupplierApplicationSummary {
  id: number;
  userId: number;
  creditCode: string;
  contactName: string;
  phone: string;
  categories: SupplierCategoryChoice[];
  brands: string;
  annualVolume: AnnualVolume;
  annualVolumeLabel: string;
  documents: SupplierDocument[];
  reviewer: string;
  reviewedAt: number | null;
}

export interface SupplierProgressResponse {
  applications: SupplierApplicationSummary[];
}
