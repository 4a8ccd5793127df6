import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { bomLimits } from '../../../../contract/bom.ts';
import { writeRepeatedRowWorkbook, workbookParts, writeZip } from '../../../../../tests/fixtures/bom/zip-writer.ts';
import { AppError } from '../../../http/app-error.ts';
import { readBomFile } from './read-bom-file.ts';

const corpusDirectory = join(import.meta.dirname, '../../../../../tests/fixtures/bom');
const badFiles = JSON.parse(readFileSync(join(corpusDirectory, 'bad-files.json'), 'utf8')) as { file: string; errorCode: string }[];

function errorCodeOf(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof AppError) return error.errorCode;
    throw error;
  }
  return 'no error';
}

function csvBytes(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'utf8'));
}

function xlsxBytes(rows: unknown[][], merges: string[] = []): Uint8Array {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!merges'] = merges.map((range) => XLSX.utils.decode_range(range));
  XLSX.utils.book_append_sheet(book, sheet, 'BOM');
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

describe('readBomFile refuses bad files with a clear error', () => {
  it.each(badFiles.map(({ file, errorCode }) => [file, errorCode] as const))('%s → %s', (file, errorCode) => {
    expect(errorCodeOf(() => readBomFile(file, new Uint8Array(readFileSync(join(corpusDirectory, file)))))).toBe(errorCode);
  });

  it('refuses a file over 5 MB before reading it', () => {
    expect(errorCodeOf(() => readBomFile('big.csv', new Uint8Array(bomLimits.fileBytesMax + 1)))).toBe('bom.fileTooLarge');
  });

  it('refuses other file types by extension', () => {
    for (const name of ['bom.docx', 'bom.pdf', 'bom', 'bom.exe'])
      expect(errorCodeOf(() => readBomFile(name, csvBytes('型号,数量\nLM358DR,1\n')))).toBe('bom.fileType');
  });

  it('refuses a zip bomb that declares its size, without inflating it', () => {
    const stream = deflateRawSync(Buffer.alloc(1024 * 1024));
    const parts = workbookParts('<worksheet/>');
    const bombParts = Array.from({ length: 40 }, (_, index) => ({
      name: `xl/media/image${index}.bin`,
      content: Buffer.alloc(0),
      deflated: stream,
      declaredSize: 100 * 1024 * 1024,
    }));
    expect(errorCodeOf(() => readBomFile('bomb.xlsx', new Uint8Array(writeZip([...parts, ...bombParts]))))).toBe('bom.fileUnreadable');
  });

  it('stops a zip bomb that lies about its size at the inflation cap', () => {
    const stream = deflateRawSync(Buffer.alloc(64 * 1024 * 1024), { level: 1 });
    const parts = workbookParts('<worksheet/>').slice(0, 4);
    const bomb = writeZip([...parts, { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(0), deflated: stream, declaredSize: 2000 }]);
    expect(bomb.length).toBeLessThan(bomLimits.fileBytesMax);
    expect(errorCodeOf(() => readBomFile('bomb.xlsx', new Uint8Array(bomb)))).toBe('bom.fileUnreadable');
  });

  it('refuses a 200,000-row sheet with tooManyLines (its time is measured by npm run bench -- bom)', () => {
    const bytes = writeRepeatedRowWorkbook(['MPN', 'Qty', 'Designator'], ['RC0603FR-0710KL', '1', 'R1'], 200_000);
    expect(bytes.length).toBeLessThan(bomLimits.fileBytesMax);
    expect(errorCodeOf(() => readBomFile('huge.xlsx', new Uint8Array(bytes)))).toBe('bom.tooManyLines');
  });

  it('reads a template whose bordered empty rows run far below the parts', () => {
    const cell = (row: number, column: string, text: string) => `<c r="${column}${row}" t="inlineStr"><is><t>${text}</t></is></c>`;
    let rows = `<row r="1">${cell(1, 'A', 'MPN')}${cell(1, 'B', 'Qty')}</row><row r="2">${cell(2, 'A', 'LM358DR')}<c r="B2"><v>3</v></c></row>`;
    for (let row = 3; row <= 12_000; row++) rows += `<row r="${row}"><c r="A${row}" s="1"/><c r="B${row}" s="1"/></row>`;
    const sheetXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:B12000"/><sheetData>${rows}</sheetData></worksheet>`;
    const sheet = readBomFile('template.xlsx', new Uint8Array(writeZip(workbookParts(sheetXml))));
    expect(sheet.rows).toEqual([['LM358DR', '3']]);
  });

  it('refuses a 200,000-line CSV with tooManyLines, and reads one with 200,000 blank lines', () => {
    const text = `MPN,Qty\n${'RC0603FR-0710KL,1\n'.repeat(200_000)}`;
    expect(errorCodeOf(() => readBomFile('huge.csv', csvBytes(text)))).toBe('bom.tooManyLines');
    expect(readBomFile('blank.csv', csvBytes(`MPN,Qty\nLM358DR,1\n${',\n'.repeat(200_000)}NE555DR,2\n`)).partLineCount).toBe(2);
  });

  it(`reads ${bomLimits.partLinesMax} part lines and refuses ${bomLimits.partLinesMax + 1}`, () => {
    const lines = (count: number) => Array.from({ length: count }, (_, index) => `RC0603FR-07${index}KL,1,R${index + 1}`).join('\n');
    const sheet = readBomFile('limit.csv', csvBytes(`MPN,Qty,Designator\n${lines(bomLimits.partLinesMax)}\n合计,${bomLimits.partLinesMax},\n`));
    expect(sheet.partLineCount).toBe(bomLimits.partLinesMax);
    expect(errorCodeOf(() => readBomFile('over.csv', csvBytes(`MPN,Qty,Designator\n${lines(bomLimits.partLinesMax + 1)}\n`)))).toBe('bom.tooManyLines');
    const overBook = writeRepeatedRowWorkbook(['MPN', 'Qty'], ['LM358DR', '1'], bomLimits.partLinesMax + 1);
    expect(errorCodeOf(() => readBomFile('over.xlsx', new Uint8Array(overBook)))).toBe('bom.tooManyLines');
  });
});

describe('readBomFile reads encodings and layouts', () => {
  it('reads a short GBK file as GBK, not as UTF-8 or Latin-1', () => {
    const sheet = readBomFile('短.csv', new Uint8Array(iconv.encode('型号,数量,备注\r\nSTM32F103C8T6,10,国产替代\r\n', 'gbk')));
    expect(sheet.headers).toEqual(['型号', '数量', '备注']);
    expect(sheet.rows).toEqual([['STM32F103C8T6', '10', '国产替代']]);
  });

  it('reads a Latin-1 (windows-1252) file as Latin-1, not as GBK', () => {
    const sheet = readBomFile('latin1.csv', new Uint8Array(iconv.encode('MPN;Value;Qty\r\nGRM188R71C104KA01D;0,1µF 25°C;4\r\n', 'windows-1252')));
    expect(sheet.rows).toEqual([['GRM188R71C104KA01D', '0,1µF 25°C', '4']]);
  });

  it('reads GB18030 text beyond GBK', () => {
    const sheet = readBomFile('gb18030.csv', new Uint8Array(iconv.encode('型号,数量,备注\nLM358DR,2,㐀䶮 €\n', 'gb18030')));
    expect(sheet.rows[0]?.[2]).toBe('㐀䶮 €');
  });

  it('reads UTF-16 BE with its byte-order mark', () => {
    const bytes = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode('型号\t数量\nLM358DR\t2\n', 'utf-16be')]);
    expect(readBomFile('be.csv', new Uint8Array(bytes)).rows).toEqual([['LM358DR', '2']]);
  });

  it('decides by content: an .xlsx saved as .csv is read as a workbook', () => {
    const sheet = readBomFile(
      'renamed.csv',
      xlsxBytes([
        ['MPN', 'Qty'],
        ['LM358DR', 5],
      ]),
    );
    expect(sheet.rows).toEqual([['LM358DR', '5']]);
  });

  it('shortens a file name past 200 characters, keeping its extension', () => {
    const fileName = readBomFile(`${'很长的文件名'.repeat(50)}.csv`, csvBytes('MPN,Qty\nLM358DR,1\n')).fileName;
    expect(fileName).toHaveLength(200);
    expect(fileName.endsWith('.csv')).toBe(true);
  });

  it('accepts .tsv and .txt as text', () => {
    expect(readBomFile('bom.tsv', csvBytes('MPN\tQty\nLM358DR\t5\n')).mapping).toEqual({ mpn: 0, quantity: 1 });
    expect(readBomFile('bom.TXT', csvBytes('MPN;Qty\nLM358DR;5\n')).mapping).toEqual({ mpn: 0, quantity: 1 });
  });

  it('fills merged cells, trims cells, caps cell length and column count', () => {
    const wide = Array.from({ length: 70 }, (_, column) => (column === 0 ? 'MPN' : column === 1 ? 'Qty' : `extra${column}`));
    const data = Array.from({ length: 70 }, (_, column) => (column === 0 ? '  LM358DR  ' : column === 1 ? 2 : 'x'.repeat(column === 2 ? 900 : 1)));
    const sheet = readBomFile('wide.xlsx', xlsxBytes([wide, data, ['NE555DR', 1, 'merged']], ['C3:E3']));
    expect(sheet.headers).toHaveLength(bomLimits.columnsMax);
    expect(sheet.rows[0]?.[0]).toBe('LM358DR');
    expect(sheet.rows[0]?.[2]).toHaveLength(bomLimits.cellCharsMax);
    expect(sheet.rows[1]?.slice(2, 6)).toEqual(['merged', 'merged', 'merged', '']);
  });

  it('keeps line breaks inside a quoted CSV cell as one cell, control characters as spaces', () => {
    const sheet = readBomFile('breaks.csv', csvBytes('Designator,MPN,Qty\r\n"R1,R2\r\nR3",RC0603FR-0710KL,3\r\nU1,"LM\u0007358DR",1\r\n'));
    expect(sheet.rows).toEqual([
      ['R1,R2 R3', 'RC0603FR-0710KL', '3'],
      ['U1', 'LM 358DR', '1'],
    ]);
  });

  it('never reads a formula: cells hold cached values and formula text stays text', () => {
    const formulas = readBomFile('formula-cells.xlsx', new Uint8Array(readFileSync(join(corpusDirectory, 'formula-cells.xlsx'))));
    expect(formulas.rows.flat().some((cell) => cell.startsWith('=') || cell.includes('HYPERLINK'))).toBe(false);
    expect(formulas.rows[0]).toEqual(['STM32F103C8T6', '4', 'click']);
    const injected = readBomFile('injection.csv', new Uint8Array(readFileSync(join(corpusDirectory, 'injection.csv'))));
    expect(injected.rows[1]).toEqual(['LM358DR', '2', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>']);
  });
});

describe('readBomFile without a header it knows', () => {
  it('takes a first row of unknown words above numbers as the header, and guesses the columns', () => {
    const sheet = readBomFile('deutsch.csv', csvBytes('Teil;Anzahl;Bauform\nLM358DR;2;SOIC-8\nSTM32F103C8T6;1;LQFP-48\n'));
    expect(sheet).toMatchObject({ headerRowIndex: 0, headers: ['Teil', 'Anzahl', 'Bauform'], mapping: { mpn: 0, quantity: 1, package: 2 }, partLineCount: 2 });
    expect(sheet.warnings).toEqual(['表头中的列名未能识别，已按内容推断各列，请核对列对应关系']);
  });

  it('warns when columns past the 60th are left unread', () => {
    const header = ['MPN', 'Qty', ...Array.from({ length: 70 }, (_, index) => `c${index}`)].join(',');
    const data = ['LM358DR', '1', ...Array.from({ length: 70 }, () => 'x')].join(',');
    expect(readBomFile('wide.csv', csvBytes(`${header}\n${data}\n`)).warnings).toEqual([`仅读取前 ${bomLimits.columnsMax} 列，之后的列未读取`]);
  });
});
