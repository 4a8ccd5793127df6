import { z } from 'zod';

/**
 * The validation rules of spec §5, shared by the server (request schemas) and the browser
 * (form checks). Price rounding lives with money (money.ts: roundPriceE4).
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

/** A string field with one Chinese message when missing or of the wrong type. */
function textField(missingMessage: string) {
  return z.string({ error: missingMessage }).trim();
}

export const phoneSchema = textField('请输入手机号码').refine(isMobilePhone, '请输入正确的手机号码');
export const smsCodeSchema = textField('请输入短信验证码').refine(isSmsCode, '请输入4位短信验证码');
export const verificationCodeSchema = textField('请输入验证码').refine(isVerificationCode, '验证码为4-6位数字');
export const emailSchema = textField('请输入邮箱').refine(isEmail, '请输入正确的邮箱地址');
export const landlineSchema = textField('请输入固定电话').refine(isLandline, '请输入正确的固定电话');
export const taxNumberSchema = textField('请输入税号').refine(isTaxNumber, '税号为1-30位字母或数字');
export const walletPasswordSchema = z.string({ error: '请输入支付密码' }).refine(isWalletPassword, '支付密码为6位数字');
export const bankNumberSchema = textField('请输入银行卡号').refine(isBankNumber, '请输入正确的银行卡号');

/** A new password: 6-20 letters or digits, with at least one of each (the stronger check). */
export const newPasswordSchema = z
  .string({ error: '请输入密码' })
  .refine(isPassword, '密码为6-20位字母或数字')
  .refine(isStrongPassword, '密码须同时包含字母和数字');

/** The message a form shows for a new password, or '' when it is acceptable. */
export function newPasswordProblem(password: string): string {
  const result = newPasswordSchema.safeParse(password);
  return result.success ? '' : (result.error.issues[0]?.message ?? '密码格式有误');
}
