import { describe, expect, it } from 'vitest';
import { defaultBomQuantityOptions, type BomColumnMapping } from '../../../../contract/bom.ts';
import { bomLinesOf, countPartLines, requiredQuantityOf } from './bom-lines.ts';
import { parseQuantityText } from './cell-text.ts';
import { isNotFittedText } from './not-fitted.ts';

const headers = ['Designator', 'MPN', 'Value', 'Package', 'Qty', 'Note'];
const mapping: BomColumnMapping = { designator: 0, mpn: 1, value: 2, package: 3, quantity: 4, note: 5 };

function linesOf(rows: string[][], options = defaultBomQuantityOptions) {
  return bomLinesOf({ headers, rows, mapping }, options);
}

describe('quantity text', () => {
  it.each([
    ['10', 10],
    ['10 pcs', 10],
    ['10PCS', 10],
    ['10个', 10],
    ['10 只', 10],
    ['1,000', 1000],
    ['12,345,678', 12345678],
    ['2.0', 2],
    ['0.5', 0.5],
    ['０８', 8],
    ['0', 0],
    ['若干', null],
    ['-1', null],
    ['1,00', null],
    ['10k', null],
    ['', null],
  ])('%s → %s', (text, expected) => {
    expect(parseQuantityText(text)).toBe(expected);
  });
});

describe('required quantity', () => {
  it.each([
    [1, 1, 0, 1],
    [4, 5, 10, 22],
    [1, 5, 10, 6],
    [100, 1, 10, 110],
    [3, 7, 15, 25],
    [0.5, 3, 0, 2],
    [2, 100_000, 100, 400_000],
  ])('%s per board × %s boards + %s %% → %s', (perBoard, boards, sparePercent, expected) => {
    expect(requiredQuantityOf(perBoard, { boards, sparePercent })).toBe(expected);
  });
});

describe('not-fitted words', () => {
  it.each([
    ['DNP', true],
    ['dnp', true],
    ['DNF', true],
    ['(DNF)', true],
    ['Not Fitted', true],
    ['NOT_POPULATED', true],
    ['Do not place', true],
    ['DO NOT POPULATE', true],
    ['10k DNP', true],
    ['不贴', true],
    ['预留，不贴', true],
    ['暂不贴片', true],
    ['不焊接', true],
    ['NC', true],
    ['N/C', true],
    ['NC7SZ08P5X', false],
    ['100nF', false],
    ['Fitted', false],
    ['贴片电阻', false],
    ['DNPX1000', false],
    ['', false],
  ])('%s → %s', (text, expected) => {
    expect(isNotFittedText(text)).toBe(expected);
  });

  it('reads a fitted column both ways: Fitted says No, a DNP column says Yes', () => {
    const fittedHeaders = ['MPN', 'Fitted'];
    const rows = [
      ['LM358DR', 'No'],
      ['LM358DR', 'Yes'],
      ['LM358DR', '否'],
      ['LM358DR', '不贴'],
      ['LM358DR', ''],
    ];
    const fitted = bomLinesOf({ headers: fittedHeaders, rows, mapping: { mpn: 0, fitted: 1 } }, defaultBomQuantityOptions);
    expect(fitted.map((line) => line.isNotFitted)).toEqual([true, false, true, true, false]);
    const dnpRows = [
      ['LM358DR', 'DNP'],
      ['LM358DR', 'x'],
      ['LM358DR', ''],
      ['LM358DR', '是'],
      ['LM358DR', 'No'],
    ];
    const dnp = bomLinesOf({ headers: ['MPN', 'DNP'], rows: dnpRows, mapping: { mpn: 0, fitted: 1 } }, defaultBomQuantityOptions);
    expect(dnp.map((line) => line.isNotFitted)).toEqual([true, true, false, true, false]);
  });

  it('keeps a not-fitted line with its quantity per board and orders none of it', () => {
    const [line] = linesOf([['R9', 'RC0603FR-0710KL', '10k', '0603', '2', 'DNP']], { boards: 10, sparePercent: 10, mergeDuplicates: false });
    expect(line).toMatchObject({ isNotFitted: true, quantityPerBoard: 2, requiredQuantity: 0 });
  });
});

describe('bomLinesOf', () => {
  it('skips empty, total, note, label, section and repeated header rows; numbers lines from 1', () => {
    const rows = [
      ['', '', '', '', '', ''],
      ['U1', 'STM32F103C8T6', '', 'LQFP-48', '1', ''],
      ['合计', '', '', '', '12', ''],
      ['总计：', '', '', '', '12', ''],
      ['Total', '', '', '', '12', ''],
      ['备注：电阻精度 1%', '备注：电阻精度 1%', '', '', '', ''],
      ['注1：不含 PCB', '注1：不含 PCB', '', '', '', ''],
      ['Prepared by: 张工', 'Prepared by: 张工', '', '', '', ''],
      ['Component Count:', '12', '', '', '', ''],
      ['一、贴片电阻', '一、贴片电阻', '一、贴片电阻', '一、贴片电阻', '一、贴片电阻', '一、贴片电阻'],
      ['', '二、集成电路', '', '', '', ''],
      headers,
      ['R1', 'RC0603FR-0710KL', '10k', '0603', '1', ''],
      ['R2', '', '', '', '1', ''],
    ];
    const lines = linesOf(rows);
    expect(lines.map((line) => [line.lineNo, line.query.mpn, line.sourceRows])).toEqual([
      [1, 'STM32F103C8T6', [1]],
      [2, 'RC0603FR-0710KL', [12]],
    ]);
    expect(countPartLines({ headers, rows, mapping })).toBe(2);
  });

  it('counts designators when the quantity is missing or unreadable, with a note in Chinese', () => {
    const lines = linesOf([
      ['R1-R4', 'RC0603FR-0710KL', '', '', '', ''],
      ['C1,C2', 'CL10B104KB8NNNC', '', '', '若干', ''],
      ['', 'M3X6', '', '', '', ''],
    ]);
    expect(lines.map((line) => [line.quantityPerBoard, line.notes])).toEqual([
      [4, ['数量缺失，按位号数计为 4']],
      [2, ['数量“若干”无法识别，按位号数计为 2']],
      [1, ['数量缺失，按 1 计']],
    ]);
  });

  it('merges lines naming the same part only when asked, summing quantities and designators', () => {
    const rows = [
      ['R1', 'RC0603FR-0710KL', '10k', '0603', '1', ''],
      ['C1', '', '100nF', '0603', '1', ''],
      ['R2,R3', 'RC0603FR 0710KL', '10k', '0603', '2', ''],
      ['C2', '', '100 nF', '0603', '1', ''],
      ['C3', '', '100nF', '0402', '1', ''],
      ['R4', 'RC0603FR-0710KL', '10k', '0603', '1', 'DNP'],
      ['U1', '', '', '', '1', ''],
    ];
    expect(linesOf(rows)).toHaveLength(6);
    const merged = linesOf(rows, { boards: 3, sparePercent: 0, mergeDuplicates: true });
    expect(merged.map((line) => [line.lineNo, line.sourceRows, line.designators, line.quantityPerBoard, line.requiredQuantity])).toEqual([
      [1, [0, 2], ['R1', 'R2', 'R3'], 3, 9],
      [2, [1, 3], ['C1', 'C2'], 2, 6],
      [3, [4], ['C3'], 1, 3],
      [4, [5], ['R4'], 1, 0],
    ]);
    expect(merged[0]?.notes).toContain('已合并 2 行相同物料');
  });

  it('fills query fields from the mapped columns and leaves unmapped ones empty', () => {
    const [line] = linesOf([['U1', 'LM358DR', '', 'SOIC-8', '1', '']]);
    expect(line?.query).toEqual({ mpn: 'LM358DR', storeCode: '', value: '', description: '', package: 'SOIC-8', brand: '' });
  });
});
