import { describe, expect, it } from 'vitest';
import { maxPurchaseQuantity } from './pricing.ts';
import { parseQuickOrderText, quickOrderMessages, splitQuickOrderLine } from './quick-order.ts';

describe('splitQuickOrderLine', () => {
  it.each([
    ['ASCII comma', 'STM32F103C8T6, 10', 'STM32F103C8T6', '10'],
    ['full-width comma', 'STM32F103C8T6，10', 'STM32F103C8T6', '10'],
    ['Chinese enumeration comma', 'LM358DR、100', 'LM358DR', '100'],
    ['semicolon and full-width semicolon', 'LM358DR；100', 'LM358DR', '100'],
    ['tab (an Excel paste)', 'LM358DR\t100', 'LM358DR', '100'],
    ['tab with more columns', 'LM358DR\t1,000\tTI\t运放', 'LM358DR', '1,000'],
    ['spaces', 'LM358DR   100', 'LM358DR', '100'],
    ['ideographic space', 'LM358DR\u3000100', 'LM358DR', '100'],
    ['asterisk', 'RC0603FR-0710KL*5000', 'RC0603FR-0710KL', '5000'],
    ['full-width asterisk', 'RC0603FR-0710KL＊5000', 'RC0603FR-0710KL', '5000'],
    ['times sign with spaces', 'LM358DR × 20', 'LM358DR', '20'],
    ['x between spaces', 'LM358DR x 20', 'LM358DR', '20'],
    ['thousands after a comma', 'LM358DR, 1,000', 'LM358DR', '1,000'],
    ['a part number with its own comma (NXP)', 'BC847B,215, 3000', 'BC847B,215', '3000'],
    ['a unit after the number', 'LM358DR 100 个', 'LM358DR', '100个'],
    ['full-width digits', 'LM358DR，１００', 'LM358DR', '100'],
    ['a part number with a space in it', 'RC0603FR-07 10KL 100', 'RC0603FR-07 10KL', '100'],
    ['no quantity', 'LM358DR', 'LM358DR', ''],
    ['comma with a brand column', 'LM358DR, 100, TI', 'LM358DR', '100'],
  ])('%s', (_, line, partNumber, quantityText) => {
    expect(splitQuickOrderLine(line)).toEqual({ partNumber, quantityText });
  });
});

describe('parseQuickOrderText', () => {
  it('reads each kind of line, with its line number as pasted and the part number normalised', () => {
    const parsed = parseQuickOrderText('STM32F103C8T6, 10\n\nrc0603fr-0710kl＊5,000\r\nLM358DR\t２０ pcs\n');
    expect(parsed.problems).toEqual([]);
    expect(parsed.lineCount).toBe(3);
    expect(parsed.lines).toEqual([
      { lineNo: 1, text: 'STM32F103C8T6, 10', partNumber: 'STM32F103C8T6', partNumberNorm: 'STM32F103C8T6', quantity: 10 },
      { lineNo: 3, text: 'rc0603fr-0710kl＊5,000', partNumber: 'rc0603fr-0710kl', partNumberNorm: 'RC0603FR0710KL', quantity: 5000 },
      { lineNo: 4, text: 'LM358DR\t２０ pcs', partNumber: 'LM358DR', partNumberNorm: 'LM358DR', quantity: 20 },
    ]);
  });

  it.each([
    ['LM358DR', quickOrderMessages.noQuantity],
    ['LM358DR, ', quickOrderMessages.noQuantity],
    ['LM358DR, abc', quickOrderMessages.badQuantity],
    ['LM358DR, 10.5', quickOrderMessages.fractionalQuantity],
    ['LM358DR, 0', quickOrderMessages.zeroQuantity],
    ['LM358DR, -5', quickOrderMessages.badQuantity],
    [`LM358DR, ${String(maxPurchaseQuantity + 1)}`, quickOrderMessages.tooLarge],
    [', 100', quickOrderMessages.noPartNumber],
    ['贴片电阻, 100', quickOrderMessages.notPartNumber],
  ])('refuses “%s”: %s', (line, reason) => {
    const parsed = parseQuickOrderText(`STM32F103C8T6, 1\n${line}`);
    expect(parsed.lines).toHaveLength(1);
    expect(parsed.problems).toEqual([{ lineNo: 2, text: line.trim(), reason }]);
  });

  it('takes 10.0 as 10 and 1,000,000 as the most a line may hold', () => {
    expect(parseQuickOrderText('LM358DR, 10.0').lines[0]?.quantity).toBe(10);
    expect(parseQuickOrderText('LM358DR\t1,000,000').lines[0]?.quantity).toBe(maxPurchaseQuantity);
  });

  it('skips a spreadsheet header row and blank lines, which do not count', () => {
    const parsed = parseQuickOrderText('型号\t数量\n\n   \nLM358DR\t5');
    expect(parsed.lineCount).toBe(1);
    expect(parsed.problems).toEqual([]);
    expect(parsed.lines[0]).toMatchObject({ lineNo: 4, partNumber: 'LM358DR', quantity: 5 });
    expect(parseQuickOrderText('Part Number, Qty\nLM358DR, 5').lines).toHaveLength(1);
  });

  it('counts a header-like line after the first as a line to read', () => {
    const parsed = parseQuickOrderText('LM358DR, 5\n型号, 数量');
    expect(parsed.lineCount).toBe(2);
    expect(parsed.problems[0]?.lineNo).toBe(2);
  });

  it('counts every line with something on it, so the limit can be checked', () => {
    const text = Array.from({ length: 201 }, (_, index) => `PART${String(index)}, 1`).join('\n');
    expect(parseQuickOrderText(text).lineCount).toBe(201);
  });
});
