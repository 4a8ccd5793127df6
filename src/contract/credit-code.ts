/**
 * 统一社会信用代码 (unified social credit code) by GB 32100-2015: 18 characters from a set of 31
 * (digits and capitals without I, O, Z, S, V). Characters 1–2 are the registering authority and
 * the kind of organisation, 3–8 the administrative division (digits, GB/T 2260), 9–17 the
 * organisation's own code and 18 the check character. Shared by the supplier form and company accounts.
 */
const creditCodeCharacters = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const creditCodeWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * The 18th character: the first 17 characters' values (in the 31-character set) weighted by
 * 3^i mod 31, then 31 − sum mod 31 (31 is written 0). Null when a character is outside the set.
 */
export function creditCodeCheckCharacter(first17: string): string | null {
  let sum = 0;
  for (let index = 0; index < 17; index += 1) {
    const value = creditCodeCharacters.indexOf(first17.charAt(index));
    if (value < 0) return null;
    sum += value * (creditCodeWeights[index] ?? 0);
  }
  return creditCodeCharacters.charAt((31 - (sum % 31)) % 31);
}

export function isUnifiedCreditCode(value: string): boolean {
  return value.length === 18 && creditCodeCheckCharacter(value.slice(0, 17)) === value.charAt(17);
}

export const creditCodeMessages = {
  missing: '请输入统一社会信用代码',
  length: '统一社会信用代码应为18位',
  characters: '统一社会信用代码只含数字和大写字母（不含 I、O、Z、S、V）',
  division: '统一社会信用代码第3至8位应为行政区划代码（数字）',
  check: '统一社会信用代码校验位不正确，请核对',
} as const;

/** How a typed code is kept: capitals, without the spaces people copy with it. */
export function normalizeCreditCode(raw: string): string {
  return raw.replace(/[\s\u3000]/g, '').toUpperCase();
}

/** '' for a valid code (after normalizeCreditCode), otherwise what is wrong with it, in Chinese. */
export function unifiedCreditCodeProblem(raw: string): string {
  const code = normalizeCreditCode(raw);
  if (code === '') return creditCodeMessages.missing;
  if (code.length !== 18) return creditCodeMessages.length;
  if (!/^[0-9A-HJ-NPQRTUWXY]+$/.test(code)) return creditCodeMessages.characters;
  if (!/^\d{6}$/.test(code.slice(2, 8))) return creditCodeMessages.division;
  return isUnifiedCreditCode(code) ? '' : creditCodeMessages.check;
}
