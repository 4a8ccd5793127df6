import { describe, expect, it } from 'vitest';
import { capitalAmountOfCents } from './money.ts';

const digitValues = new Map(['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'].map((digit, value) => [digit, value]));
const placeValues = new Map([
  ['拾', 10],
  ['佰', 100],
  ['仟', 1000],
]);

/** The test's own reading of a capital amount, back to fen (an independent check of what the converter writes). */
function centsOfCapital(capital: string): number {
  const plain = capital.replace('整', '');
  const [yuanText = '', fenText = ''] = plain.includes('元') ? plain.split('元') : ['', plain];
  let total = 0;
  let section = 0;
  let digit = 0;
  for (const char of yuanText) {
    if (digitValues.has(char)) digit = digitValues.get(char) ?? 0;
    else if (placeValues.has(char)) {
      section += digit * (placeValues.get(char) ?? 0);
      digit = 0;
    } else if (char === '万') {
      section = (section + digit) * 10_000;
      digit = 0;
    } else if (char === '亿') {
      total = (total + section + digit) * 100_000_000;
      section = digit = 0;
    }
  }
  const jiao = /(.)角/.exec(fenText)?.[1] ?? '零';
  const fen = /(.)分/.exec(fenText)?.[1] ?? '零';
  return (total + section + digit) * 100 + (digitValues.get(jiao) ?? 0) * 10 + (digitValues.get(fen) ?? 0);
}

/** 人民币大写 as 中国人民银行《支付结算办法》(正确填写票据和结算凭证的基本规定) writes it. */
describe('amounts in Chinese capitals (大写金额)', () => {
  it.each([
    [0, '零元整'],
    [1, '壹分'],
    [5, '伍分'],
    [10, '壹角整'],
    [50, '伍角整'],
    [55, '伍角伍分'],
    [100, '壹元整'],
    [105, '壹元零伍分'],
    [1000, '壹拾元整'],
    [1010, '壹拾元壹角整'],
    [1234, '壹拾贰元叁角肆分'],
    [10_000, '壹佰元整'],
    [10_100, '壹佰零壹元整'],
    [100_100, '壹仟零壹元整'],
    [168_032, '壹仟陆佰捌拾元叁角贰分'],
    [1_000_000, '壹万元整'],
    [1_010_000, '壹万零壹佰元整'],
    [1_000_100, '壹万零壹元整'],
    [10_001_050, '壹拾万零壹拾元伍角整'],
    [10_000_000, '壹拾万元整'],
    [32_104_500, '叁拾贰万壹仟零肆拾伍元整'],
    [100_000_001, '壹佰万元零壹分'],
    [107_000_053, '壹佰零柒万元伍角叁分'],
    [10_000_000_000, '壹亿元整'],
    [10_000_010_000, '壹亿零壹佰元整'],
    [12_345_678_901_234, '壹仟贰佰叁拾肆亿伍仟陆佰柒拾捌万玖仟零壹拾贰元叁角肆分'],
    [100_000_000_000_000, '壹万亿元整'],
  ])('%d fen is %s', (cents, capital) => {
    expect(capitalAmountOfCents(cents)).toBe(capital);
  });

  it('writes 负 before a negative amount', () => {
    expect(capitalAmountOfCents(-250)).toBe('负贰元伍角整');
  });

  it('refuses a number that is not a safe integer of fen', () => {
    expect(() => capitalAmountOfCents(1.5)).toThrow(RangeError);
    expect(() => capitalAmountOfCents(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('reads back as the amount it writes, never ends on 零 nor doubles it, over a sample of amounts', () => {
    for (let cents = 1; cents < 50_000_000_000; cents = cents * 3 + 7) {
      for (const sample of [cents, cents * 10, cents * 100]) {
        const capital = capitalAmountOfCents(sample);
        expect(centsOfCapital(capital), capital).toBe(sample);
        expect(capital, String(sample)).not.toMatch(/零零|零元|零整|零$/);
        expect(capital, String(sample)).toMatch(/(整|分)$/);
      }
    }
  });
});
