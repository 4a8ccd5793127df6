import { describe, expect, it } from 'vitest';
import { defaultBomQuantityOptions } from '../../../../contract/bom.ts';
import { AppError } from '../../../http/app-error.ts';
import { bomLinesOf } from './bom-lines.ts';
import { readBomText } from './paste.ts';

function linesOf(text: string) {
  const sheet = readBomText(text);
  return bomLinesOf(sheet, defaultBomQuantityOptions).map((line) => [line.query.mpn || line.query.value, line.quantityPerBoard]);
}

describe('readBomText', () => {
  it('reads bare lines: a part number and a quantity', () => {
    const sheet = readBomText('STM32F103C8T6 10\nLM358DR 5\n');
    expect(sheet).toMatchObject({ headerRowIndex: -1, headers: ['列1', '列2'], mapping: { mpn: 0, quantity: 1 }, partLineCount: 2, mappingSource: 'detected' });
    expect(linesOf('STM32F103C8T6 10\nLM358DR 5\n')).toEqual([
      ['STM32F103C8T6', 10],
      ['LM358DR', 5],
    ]);
  });

  it('reads comma lines, Chinese commas and quantities with units', () => {
    expect(linesOf('STM32F103C8T6,10\nAMS1117-3.3,2')).toEqual([
      ['STM32F103C8T6', 10],
      ['AMS1117-3.3', 2],
    ]);
    expect(linesOf('STM32F103C8T6，10\nLM358DR，3')).toEqual([
      ['STM32F103C8T6', 10],
      ['LM358DR', 3],
    ]);
    expect(linesOf('LM358DR 1,000\nNE555DR 20个\nAMS1117-3.3 10 pcs')).toEqual([
      ['LM358DR', 1000],
      ['NE555DR', 20],
      ['AMS1117-3.3', 10],
    ]);
  });

  it('reads parameter lines as values: the last number is the quantity', () => {
    const sheet = readBomText('10k 0603 1% 20\n100nF 0402 X7R 16V 10\n22uF 10V 0805 4');
    expect(sheet.mapping).toEqual({ value: 0, quantity: 1 });
    expect(bomLinesOf(sheet, defaultBomQuantityOptions).map((line) => [line.query.value, line.quantityPerBoard])).toEqual([
      ['10k 0603 1%', 20],
      ['100nF 0402 X7R 16V', 10],
      ['22uF 10V 0805', 4],
    ]);
  });

  it('reads cells pasted from Excel with a header row', () => {
    const sheet = readBomText('型号\t数量\nSTM32F103C8T6\t10\nLM358DR\t5\n');
    expect(sheet).toMatchObject({ headerRowIndex: 0, headers: ['型号', '数量'], mapping: { mpn: 0, quantity: 1 }, warnings: [] });
  });

  it('reads cells pasted from Excel without a header row, finding designators, packages and a row-number column', () => {
    const sheet = readBomText('1\tRC0603FR-0710KL\t0603\t4\tR1-R4\n2\tCL10B104KB8NNNC\t0603\t2\tC1,C2\n3\tLM358DR\tSOIC-8\t1\tU1\n');
    expect(sheet.mapping).toEqual({ designator: 4, quantity: 3, package: 2, mpn: 1 });
    expect(sheet.warnings).toEqual(['未识别到表头，已按内容推断各列，请核对列对应关系']);
  });

  it('reads a single pasted column with its header', () => {
    const sheet = readBomText('型号\nSTM32F103C8T6\nLM358DR\n');
    expect(sheet).toMatchObject({ headerRowIndex: 0, headers: ['型号'], mapping: { mpn: 0 }, partLineCount: 2 });
  });

  it('reads a line without a quantity as one part', () => {
    expect(linesOf('STM32F103C8T6')).toEqual([['STM32F103C8T6', 1]]);
  });

  it('refuses blank text with pasteEmpty', () => {
    for (const text of ['', '   ', '\n\n\t\n']) {
      expect(() => readBomText(text)).toThrow(AppError);
      try {
        readBomText(text);
      } catch (error) {
        expect(error instanceof AppError && error.errorCode).toBe('bom.pasteEmpty');
      }
    }
  });

  it('keeps script text as text', () => {
    const sheet = readBomText('型号\t数量\t备注\nLM358DR\t1\t<script>alert(1)</script>');
    expect(sheet.rows).toEqual([['LM358DR', '1', '<script>alert(1)</script>']]);
  });
});
