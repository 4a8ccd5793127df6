import { describe, expect, it } from 'vitest';
import { customerPartNoRule, isPrintableText, poNumberRule } from './procurement.ts';
import { customerPartNoSchema, poNumberSchema } from './procurement-requests.ts';
import { problemOf } from './rules.ts';
import { inertCellText } from './spreadsheet-text.ts';

const forty = 'P'.repeat(40);
const poTooLong = '采购订单号不能超过40个字符';
const poUnprintable = '采购订单号只能包含可见字符，不能含换行、制表符等';
const partTooLong = '客户料号不能超过40个字符';
const partUnprintable = '客户料号只能包含可见字符，不能含换行、制表符等';

describe('采购订单号 and 客户料号 (procurement.ts)', () => {
  it.each([
    ['', ''],
    ['PO-2026-0001', ''],
    ['  PO 2026/001（华东）  ', ''],
    ['采购单2026-华强北-07#', ''],
    [forty, ''],
    ['长'.repeat(40), ''],
    [`${forty}1`, poTooLong],
    ['长'.repeat(41), poTooLong],
    // Astral characters count once, as charCount does for every field.
    ['𠀀'.repeat(40), ''],
    ['PO\t2026', poUnprintable],
    ['PO\n2026', poUnprintable],
    ['PO\u200b2026', poUnprintable],
    ['PO\u20282026', poUnprintable],
    ['PO\u{E000}', poUnprintable],
  ])('采购订单号 %j → %j', (value, problem) => {
    expect(problemOf(poNumberRule, value)).toBe(problem);
    const parsed = poNumberSchema.safeParse(value);
    expect(parsed.success ? '' : parsed.error.issues[0]?.message).toBe(problem);
  });

  it.each([
    ['', ''],
    ['ACME-R-10K-0603', ''],
    ['C'.repeat(41), partTooLong],
    ['R\r1', partUnprintable],
  ])('客户料号 %j → %j', (value, problem) => {
    expect(problemOf(customerPartNoRule, value)).toBe(problem);
    const parsed = customerPartNoSchema.safeParse(value);
    expect(parsed.success ? '' : parsed.error.issues[0]?.message).toBe(problem);
  });

  it('trims, defaults to empty, and refuses what is not text', () => {
    expect(poNumberSchema.parse('  PO-1  ')).toBe('PO-1');
    expect(poNumberSchema.parse(undefined)).toBe('');
    expect(customerPartNoSchema.parse(undefined)).toBe('');
    const wrong = poNumberSchema.safeParse(42);
    expect(wrong.success ? '' : wrong.error.issues[0]?.message).toBe('采购订单号格式有误');
  });

  it('counts letters, CJK, punctuation and spaces as printable; controls and separators not', () => {
    expect(isPrintableText('ABC 中文，。！@#')).toBe(true);
    expect(isPrintableText('\u00a0\u3000')).toBe(true);
    expect(isPrintableText('a\u0000')).toBe(false);
    expect(isPrintableText('a\u2029')).toBe(false);
  });

  it('writes text that a spreadsheet would read as a formula with a leading apostrophe', () => {
    expect(inertCellText('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(inertCellText('+86')).toBe(`'+86`);
    expect(inertCellText('-5')).toBe(`'-5`);
    expect(inertCellText('@SUM')).toBe(`'@SUM`);
    expect(inertCellText('PO-1=2')).toBe('PO-1=2');
  });
});
