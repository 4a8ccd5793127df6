import { describe, expect, it } from 'vitest';
import { creditCodeCheckCharacter, creditCodeMessages, isUnifiedCreditCode, normalizeCreditCode, unifiedCreditCodeProblem } from './credit-code.ts';

/**
 * Published codes of well-known companies (as on their business licences and in public registers),
 * and the GB 32100-2015 example.
 */
const realCodes = [
  ['华为技术有限公司', '914403001922038216'],
  ['深圳市腾讯计算机系统有限公司', '91440300708461136T'],
  ['阿里巴巴（中国）有限公司', '91330100799655058B'],
  ['小米科技有限责任公司', '91110108551385082Q'],
  ['比亚迪股份有限公司', '91440300192317458F'],
  ['GB 32100-2015 示例', '91350100M000100Y43'],
] as const;

describe('统一社会信用代码 (GB 32100-2015)', () => {
  it.each(realCodes)('accepts the code of %s', (_name, code) => {
    expect(isUnifiedCreditCode(code)).toBe(true);
    expect(unifiedCreditCodeProblem(code)).toBe('');
  });

  it('computes the published check characters, a check value of 31 written as 0', () => {
    expect(creditCodeCheckCharacter('91440300192203821')).toBe('6');
    expect(creditCodeCheckCharacter('91440300708461136')).toBe('T');
    expect(creditCodeCheckCharacter('0000000000000000I')).toBeNull();
    expect(creditCodeCheckCharacter('00000000000000000')).toBe('0');
  });

  it('refuses every real code with its last character changed', () => {
    for (const [, code] of realCodes) {
      for (const wrong of '0123456789ABCDEFGHJKLMNPQRTUWXY') {
        if (wrong === code.charAt(17)) continue;
        expect(unifiedCreditCodeProblem(`${code.slice(0, 17)}${wrong}`)).toBe(creditCodeMessages.check);
      }
    }
  });

  it('refuses two swapped characters, which a single check character catches', () => {
    expect(unifiedCreditCodeProblem('914403001922083216')).toBe(creditCodeMessages.check);
    expect(unifiedCreditCodeProblem('91440300708461163T')).toBe(creditCodeMessages.check);
  });

  it.each([
    ['', creditCodeMessages.missing],
    ['   ', creditCodeMessages.missing],
    ['91440300192203821', creditCodeMessages.length],
    ['9144030019220382166', creditCodeMessages.length],
    ['91440300192203821I', creditCodeMessages.characters],
    ['9144030019220382O6', creditCodeMessages.characters],
    ['9144030019220382S6', creditCodeMessages.characters],
    ['91A40300192203821X', creditCodeMessages.division],
    ['914403001922038217', creditCodeMessages.check],
  ])('says what is wrong with %j', (code, problem) => {
    expect(unifiedCreditCodeProblem(code)).toBe(problem);
  });

  it('reads a code typed in lower case or with spaces as the same code', () => {
    expect(normalizeCreditCode(' 9144 0300 7084 6113 6t ')).toBe('91440300708461136T');
    expect(unifiedCreditCodeProblem('91440300708461136t')).toBe('');
    expect(unifiedCreditCodeProblem('9133 0100 7996 5505 8B')).toBe('');
  });
});
