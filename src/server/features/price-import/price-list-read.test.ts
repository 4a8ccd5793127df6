import * as XLSX from '@e965/xlsx';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { priceImportErrors, priceImportLimits, priceImportMessages } from '../../../contract/price-import.ts';
import { priceImportErrorReport } from './price-import-report.ts';
import { tierQuantityOfHeader } from './price-list-header.ts';
import { readPriceList } from './price-list-read.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

function xlsxOf(rows: (string | number)[][]): Uint8Array {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), '报价单');
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

describe('reading a supplier price list', () => {
  it('reads a UTF-8 CSV with 1+/10+/100+ tier columns and per-warehouse stock', () => {
    const read = readPriceList(
      utf8('型号,品牌,封装,描述,深圳仓,江苏仓,MPQ,1+,10+,100+\nRC0603FR-0710KL,YAGEO(国巨),0603,贴片电阻,"1,000",500,5000,0.0123,0.01,¥0.008\n'),
    );
    expect(read.headerRowIndex).toBe(0);
    expect(read.errors).toEqual([]);
    expect(read.rows).toEqual([
      {
        rowNumber: 2,
        mpn: 'RC0603FR-0710KL',
        brand: 'YAGEO(国巨)',
        storeCode: '',
        package: '0603',
        description: '贴片电阻',
        stock: 1500,
        warehouseStock: { SZ: 1000, JS: 500 },
        packSize: 5000,
        tiers: [
          { qtyStart: 1, priceE4: 123 },
          { qtyStart: 10, priceE4: 100 },
          { qtyStart: 100, priceE4: 80 },
        ],
        purchasing: null,
      },
    ]);
  });

  it('reads a GBK CSV whose header sits under a title row', () => {
    const text = '深圳某某电子 2026年11月报价单,,,\r\n\r\n厂家型号,厂家,库存,单价(元),起订量\r\nSTM32F103C8T6,ST,320,6.5,10\r\n';
    const read = readPriceList(new Uint8Array(iconv.encode(text, 'gbk')));
    expect(read.headerRowIndex).toBe(2);
    expect(read.rows[0]).toMatchObject({ rowNumber: 4, mpn: 'STM32F103C8T6', brand: 'ST', stock: 320, tiers: [{ qtyStart: 10, priceE4: 65_000 }] });
  });

  it('reads an .xlsx with qty/price pairs and numeric cells', () => {
    const read = readPriceList(
      xlsxOf([
        ['供应商价格表'],
        ['Mfr Part #', 'Manufacturer', 'Stock', 'Qty1', 'Price1', 'Qty2', 'Price2', 'Qty3', 'Price3'],
        ['GRM188R71H104KA01D', 'Murata', 40000, 10, 0.05, 100, 0.03, 4000, 0.018],
        ['LM358DR', 'TI', 0, 1, 1.2, '', '', '', ''],
      ]),
    );
    expect(read.headerRowIndex).toBe(1);
    expect(read.mapping.tiers).toHaveLength(3);
    expect(read.rows.map((row) => row.tiers)).toEqual([
      [
        { qtyStart: 10, priceE4: 500 },
        { qtyStart: 100, priceE4: 300 },
        { qtyStart: 4000, priceE4: 180 },
      ],
      [{ qtyStart: 1, priceE4: 12_000 }],
    ]);
    expect(read.rows[1]?.stock).toBe(0);
  });

  it('reads the common tier header shapes', () => {
    expect(['1+', '≥10', '>=100', '1-9', '10~99', '100以上', '价格(1000+)', '单价 10+', 'Price @500', '1pcs+'].map(tierQuantityOfHeader)).toEqual([
      1, 10, 100, 1, 10, 100, 1000, 10, 500, 1,
    ]);
    expect(['库存', '型号', '2026', '单价'].map(tierQuantityOfHeader)).toEqual([null, null, null, null]);
  });

  it('uses an explicit mapping instead of the detected one', () => {
    const read = readPriceList(utf8('a,b,c\nX1,9,0.5\n'), { headerRowIndex: 0, mapping: { mpn: 0, stock: [1], tiers: [{ priceColumn: 2, qtyStart: 5 }] } });
    expect(read.rows[0]).toMatchObject({ mpn: 'X1', stock: 9, tiers: [{ qtyStart: 5, priceE4: 5000 }] });
  });

  it('reports each bad cell with its file row, column and a Chinese reason', () => {
    const read = readPriceList(utf8('型号,库存,MPQ,1+,10+\n,5,1,0.1,0.05\nA1,很多,1,0.1,0.05\nA2,5,0,0.1,0.05\nA3,5,1,免费,0.05\nA4,5,1,0.1,\nA5,5,1,,0.2\n'));
    expect(read.errors).toEqual([
      { row: 2, column: '型号', reason: priceImportMessages.mpnMissing },
      { row: 3, column: '库存', reason: priceImportMessages.stockInvalid },
      { row: 4, column: '包装数量', reason: priceImportMessages.packSizeInvalid },
      { row: 5, column: '阶梯价', reason: priceImportMessages.priceInvalid },
    ]);
    expect(read.rows.map((row) => [row.mpn, row.tiers])).toEqual([
      ['A4', [{ qtyStart: 1, priceE4: 1000 }]],
      ['A5', [{ qtyStart: 10, priceE4: 2000 }]],
    ]);
  });

  it('refuses a file without a price-list header', () => {
    expect(() => readPriceList(utf8('姓名,电话\n张三,123\n'))).toThrow(priceImportMessages.noHeader);
  });

  it('refuses an empty file and one longer than 100,000 rows', () => {
    expect(() => readPriceList(new Uint8Array())).toThrow(priceImportErrors.fileEmpty.msg);
    const rows = Array.from({ length: priceImportLimits.rowsMax + 1 }, (_, index) => `P${index},1`);
    expect(() => readPriceList(utf8(`型号,库存\n${rows.join('\n')}\n`))).toThrow(priceImportMessages.tooManyRows);
    expect(readPriceList(utf8(`型号,库存\n${rows.slice(1).join('\n')}\n`)).rows).toHaveLength(priceImportLimits.rowsMax);
  });
});

describe('the error report', () => {
  const errors = [
    { row: 3, column: '库存', reason: priceImportMessages.stockInvalid },
    { row: 9, column: '型号', reason: '含有,逗号和"引号"' },
  ];

  it('is a UTF-8 CSV with a byte-order mark', () => {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(priceImportErrorReport(errors, 'csv'));
    expect(text).toBe(`\uFEFF行号,列,原因\r\n3,库存,${priceImportMessages.stockInvalid}\r\n9,型号,"含有,逗号和""引号"""\r\n`);
  });

  it('is an .xlsx workbook with the same lines', () => {
    const workbook = XLSX.read(priceImportErrorReport(errors, 'xlsx'), { type: 'array' });
    const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
    expect(sheet && XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([
      ['行号', '列', '原因'],
      [3, '库存', priceImportMessages.stockInvalid],
      [9, '型号', '含有,逗号和"引号"'],
    ]);
  });
});
