/**
 * The validation rules of spec §5, shared by the server (request schemas, built from these in
 * rules-requests.ts) and the browser (form checks). Pure: no zod, so forms carry no schema
 * library. Price rounding lives with money (money.ts: centsOfE4).
 */

/** Mobile phone: 11 digits, starting with 1 then 3-9. */
export function isMobilePhone(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value);
}

/** Email: no leading @, a domain, and a top-level part of 2-14 letters. */
export function isEmail(value: string): boolean {
  return /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,14}$/.test(value);
}

/** Landline: digits with an optional single dash or space, e.g. 0755-83998888. */
export function isLandline(value: string): boolean {
  return /^\d+(?:[- ]\d+)?$/.test(value);
}

/** Tax number (统一社会信用代码 and older ones): 1-30 letters or digits. */
export function isTaxNumber(value: string): boolean {
  return /^[A-Za-z0-9]{1,30}$/.test(value);
}

/** Verification code: 4-6 digits. */
export function isVerificationCode(value: string): boolean {
  return /^\d{4,6}$/.test(value);
}

/** SMS code of the register box: 4 digits (its input takes at most 4). */
export function isSmsCode(value: string): boolean {
  return /^\d{4}$/.test(value);
}

export const smsCodeLength = 4;
export const phoneLength = 11;

/** Wallet password: 6 digits. */
export function isWalletPassword(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** Password: 6-20 letters or digits. */
export function isPassword(value: string): boolean {
  return /^[A-Za-z0-9]{6,20}$/.test(value);
}

/** The stronger check: at least 6 characters with at least one digit and one letter. */
export function isStrongPassword(value: string): boolean {
  return value.length >= 6 && /\d/.test(value) && /[A-Za-z]/.test(value);
}

/** Bank number: digits with spaces or dashes, 3-52 characters. */
export function isBankNumber(value: string): boolean {
  return /^[\d -]{3,52}$/.test(value) && /\d/.test(value);
}

/** Float: a non-negative number with at most 2 decimals (a point needs 1-2 digits after it). */
export function isFloat(value: string): boolean {
  return /^\d+(?:\.\d{1,2})?$/.test(value);
}

export const imageExtensions = ['bmp', 'jpg', 'jpeg', 'png', 'webp'] as const;
const imageMimeTypes = ['image/bmp', 'image/jpeg', 'image/png', 'image/webp'];

/** Image types: bmp, jpg, png, webp, by file name (jpeg is jpg under its long name). */
export function isImageFileName(fileName: string): boolean {
  const extension = /\.([A-Za-z]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension !== undefined && (imageExtensions as readonly string[]).includes(extension);
}

/** The same image types by MIME type, as a browser File reports it. */
export function isImageMimeType(mimeType: string): boolean {
  return imageMimeTypes.includes(mimeType.toLowerCase());
}

/** Encode check: no characters like _ * ^ & @ ! # $ ¥ ( ) < > (half or full width) and no whitespace. */
export function passesEncodeCheck(value: string): boolean {
  return !/[_*^&@!#$¥￥()（）<>《》！\s]/.test(value);
}

/** Integer purchase: a positive whole quantity that is a multiple of the pack size. */
export function isPackMultiple(quantity: number, packSize: number): boolean {
  if (!Number.isInteger(quantity) || quantity <= 0) return false;
  if (!Number.isInteger(packSize) || packSize <= 0) return false;
  return quantity % packSize === 0;
}

/**
 * One text field of a form or request: what to say when it is missing, and what is wrong with
 * a given value. The request schema (rules-requests.ts `ruleSchema`) and the form check
 * (`problemOf`) are both built from it, so each message is written once.
 */
export interface TextRule {
  /** The field is absent or not text. */
  readonly missingMessage: string;
  /** Surrounding spaces are dropped before the check (a pasted phone); passwords keep theirs. */
  readonly isTrimmed: boolean;
  /** '' when the (trimmed) value is acceptable, else the message for it. */
  readonly check: (value: string) => string;
}

export function textRule(missingMessage: string, check: (value: string) => string, options: { isTrimmed?: boolean } = {}): TextRule {
  return { missingMessage, isTrimmed: options.isTrimmed ?? true, check };
}

/** What a form shows for a value of the field: '' when it is acceptable. */
export function problemOf(rule: TextRule, value: string): string {
  return rule.check(rule.isTrimmed ? value.trim() : value);
}

/** The first non-empty problem of a form, in the order of its fields, or ''. */
export function firstProblem(...problems: string[]): string {
  return problems.find((problem) => problem !== '') ?? '';
}

/** A rule that is a predicate with one message. */
function predicateRule(missingMessage: string, isValid: (value: string) => boolean, invalidMessage: string, options: { isTrimmed?: boolean } = {}): TextRule {
  return textRule(missingMessage, (value) => (isValid(value) ? '' : invalidMessage), options);
}

export const ruleMessages = {
  phoneMissing: '请输入手机号码',
  phoneInvalid: '请输入正确的手机号码',
  smsCodeMissing: '请输入短信验证码',
  smsCodeInvalid: '请输入4位短信验证码',
  passwordMissing: '请输入密码',
  passwordInvalid: '密码为6-20位字母或数字',
  passwordWeak: '密码须同时包含字母和数字',
  passwordsDiffer: '两次输入的密码不一致',
} as const;

export const phoneRule = predicateRule(ruleMessages.phoneMissing, isMobilePhone, ruleMessages.phoneInvalid);
export const smsCodeRule = predicateRule(ruleMessages.smsCodeMissing, isSmsCode, ruleMessages.smsCodeInvalid);
export const verificationCodeRule = predicateRule('请输入验证码', isVerificationCode, '验证码为4-6位数字');
export const emailRule = predicateRule('请输入邮箱', isEmail, '请输入正确的邮箱地址');
export const landlineRule = predicateRule('请输入固定电话', isLandline, '请输入正确的固定电话');
export const taxNumberRule = predicateRule('请输入税号', isTaxNumber, '税号为1-30位字母或数字');
export const walletPasswordRule = predicateRule('请输入支付密码', isWalletPassword, '支付密码为6位数字', { isTrimmed: false });
export const bankNumberRule = predicateRule('请输入银行卡号', isBankNumber, '请输入正确的银行卡号');

/** A new password: 6-20 letters or digits, with at least one of each (the stronger check). */
export const newPasswordRule = textRule(
  ruleMessages.passwordMissing,
  (password) => (!isPassword(password) ? ruleMessages.passwordInvalid : !isStrongPassword(password) ? ruleMessages.passwordWeak : ''),
  { isTrimmed: false },
);

/** The message a form shows for a new password, or '' when it is acceptable. */
export function newPasswordProblem(password: string): string {
  return problemOf(newPasswordRule, password);
}

/** A new password typed twice: the rule's message, or that the two differ. */
export function newPasswordPairProblem(password: string, confirmation: string): string {
  return firstProblem(newPasswordProblem(password), password === confirmation ? '' : ruleMessages.passwordsDiffer);
}
