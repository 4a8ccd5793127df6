import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { bomSheetBytesMax, type BomSheet } from '../../../contract/bom.ts';
import { bomCalls } from '../../../contract/bom-calls.ts';
import { ResultCode } from '../../../contract/envelope.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertBomMatchFixture } from './match/bom-match.test-helpers.ts';
import { readBomFile } from './parse/read-bom-file.ts';
import { handSheet, oneBoard, sheetInputOf, uploadBom, xlsxOf } from './bom-test-kit.test-helpers.ts';
import { heavyWorkbookBytes } from './testing/heavy-workbook.ts';

/**
 * The page sends the whole sheet back with every match and save, so an upload whose sheet those calls would refuse
 * is refused at once (bomSheetBytesMax), and every sheet an upload gives can be matched and saved.
 */

/** 3,000 part lines of 24 columns, 22 of them 480-character notes: a small file (its strings are shared) but some 32 MB of sheet. */
function tooWideWorkbook(): Buffer {
  const notes = Array.from({ length: 8 }, (_, variant) => `Note ${String(variant)}: ${'lead-free, tape & reel, ESD sensitive; '.repeat(12)}`.slice(0, 480));
  const headers = ['型号', '数量', ...Array.from({ length: 22 }, (_, column) => `说明${String(column + 1)}`)];
  const rows = Array.from({ length: 3000 }, (_, row) => [
    `RC0603FR-07${String((row % 97) + 1)}KL`,
    1,
    ...Array.from({ length: 22 }, (_, column) => notes[(row + column) % notes.length] ?? ''),
  ]);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([headers, ...rows]), 'BOM');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true }) as Buffer;
}

const sheetBytes = (sheet: BomSheet) => Buffer.byteLength(JSON.stringify(sheetInputOf(sheet)));

describe('the size of an uploaded sheet', () => {
  const t = useTestApp({
    fixture: (app) => insertBomMatchFixture(app.db.kysely),
    // Reading the wide workbook may take more than the default budget of a file; the budgets are not what is tested here.
    app: { env: { BOM_FILE_CPU_MS: '60000', BOM_ADDRESS_CPU_MS_PER_MINUTE: '3600000' } },
  });

  // Each reads and sends tens of megabytes: seconds alone, more on a machine running other tests.
  const heavyTestMs = 120_000;

  it('refuses at upload, in Chinese, a sheet the match call would refuse', { timeout: heavyTestMs }, async () => {
    const bytes = tooWideWorkbook();
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const sheet = readBomFile('wide.xlsx', bytes);
    expect(sheetBytes(sheet)).toBeGreaterThan(bomSheetBytesMax);

    const matched = await t.browser().call(bomCalls.match, { sheet: sheetInputOf(sheet), options: oneBoard, rememberMapping: false });
    expect(matched).toMatchObject({ code: ResultCode.badRequest, errorCode: 'request.tooLarge' });

    const { envelope } = await uploadBom(t.app, t.browser(), 'wide.xlsx', bytes);
    expect(envelope).toMatchObject({ code: ResultCode.badRequest, errorCode: 'bom.sheetTooLarge', data: null });
    expect(envelope.msg).toBe('表格内容超过 30 MB，无法在线匹配。请删除与物料无关的列（说明、备注、审核意见等），或拆分为多个文件后重新上传');
  });

  it('takes the heavy workbook of 3,000 long lines, and matches and saves it', { timeout: heavyTestMs }, async () => {
    const { envelope } = await uploadBom(t.app, t.browser(), 'heavy.xlsx', heavyWorkbookBytes());
    const sheet = envelope.data;
    if (!sheet) throw new Error(JSON.stringify({ ...envelope, data: null }));
    expect(sheet.partLineCount).toBe(3000);
    expect(sheetBytes(sheet)).toBeGreaterThan(20_000_000);
    expect(sheetBytes(sheet)).toBeLessThan(bomSheetBytesMax);

    const member = await t.member();
    const matched = await member.browser.callOk(bomCalls.match, { sheet: sheetInputOf(sheet), options: oneBoard, rememberMapping: false });
    expect(matched.summary.lineCount).toBe(3000);
    // A choice for every line that has a part: the save's body carries them beside the sheet.
    const choices = matched.lines.flatMap((line) =>
      line.candidates[0] ? [{ lineNo: line.lineNo, productId: line.candidates[0].productId, quantity: 0 }] : [],
    );
    const saved = await member.browser.callOk(bomCalls.save, { name: '重载 BOM', sheet: sheetInputOf(sheet), options: oneBoard, choices });
    expect(saved.bomId).toBeGreaterThan(0);
  });

  it('takes a normal sheet', async () => {
    const { envelope } = await uploadBom(
      t.app,
      t.browser(),
      'board.xlsx',
      xlsxOf([handSheet([]).headers, ['STM32F103C8T6', '2', '主控'], ['LM358DR', '1', '']]),
    );
    expect(envelope.code).toBe(ResultCode.success);
    expect(envelope.data?.rows).toHaveLength(2);
  });
});
