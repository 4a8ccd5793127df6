import * as XLSX from '@e965/xlsx';
import { writeZip, type ZipPart } from '../../../../../tests/fixtures/bom/zip-writer.ts';

/**
 * The heavy but valid workbook of issue 27: 3,000 part lines of 20 columns with long cells (descriptions,
 * designator lists, notes), some 170 KB as .xlsx. Within every limit of the BOM tool, yet seconds of CPU to read,
 * so a test or bench can show what a parse costs the rest of the store. Deterministic: the same bytes each time.
 */

export const heavyWorkbookShape = { rows: 3000, columns: 20 } as const;

const headers = [
  '序号',
  '型号',
  '名称',
  '数量',
  '位号',
  '描述',
  '封装',
  '品牌',
  '供应商',
  '供应商料号',
  '单价',
  '备注',
  '替代型号',
  '生命周期',
  '环保',
  '湿敏等级',
  '最小包装',
  '交期',
  '工艺',
  '审核意见',
];

const parts = [
  { name: '贴片电阻', mpn: (n: number) => `RC0603FR-07${(n % 97) + 1}KL` },
  { name: '贴片电容', mpn: (n: number) => `CL10B${(n % 47) + 100}KB8NNNC` },
  { name: '磁珠', mpn: (n: number) => `BLM18PG${(n % 30) * 10 + 60}SN1D` },
  { name: '二极管', mpn: (n: number) => `1N41${(n % 8) + 48}W-7-F` },
] as const;

/**
 * The long cells: a few hundred characters each, drawn from a small pool per column, as a company template repeats
 * its boilerplate on every line. The pool keeps the file small (its shared strings are stored once) while every cell
 * is read out in full.
 */
const longCellPool = Array.from(
  { length: 24 },
  (_, variant) =>
    `${variant + 1} 号说明：本物料须符合 RoHS 3 (2015/863/EU) 与 REACH 要求，无卤素；贴装前按 MSL ${(variant % 3) + 1} 烘烤，` +
    `回流焊峰值温度不超过 260℃，持续时间不超过 10 秒；来料按 GB/T 2828.1 一般检验水平 II 抽检，AQL 0.65；` +
    `替代料须经研发与品质共同确认并记录于 ECN-${2400 + variant}；包装为编带卷盘，防静电处理，存放于温度 25±5℃、湿度 ` +
    `40%~60% 的环境中，开封后 168 小时内用完。Remarks: lead-free, tape & reel, ESD sensitive, see drawing rev ${String.fromCharCode(65 + variant)}.`,
);

function longCell(row: number, column: number): string {
  return longCellPool[((row % 4) * 3 + column) % longCellPool.length] ?? '';
}

function rowOf(row: number): (string | number)[] {
  const part = parts[row % parts.length] ?? parts[0];
  const leading = [row + 1, part.mpn(row), part.name, (row % 9) + 1, `U${row + 1}`];
  return [...leading, ...Array.from({ length: headers.length - leading.length }, (_, index) => longCell(row, index))];
}

/** The workbook's bytes. */
export function heavyWorkbookBytes(rows: number = heavyWorkbookShape.rows): Buffer {
  const workbook = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([headers, ...Array.from({ length: rows }, (_, row) => rowOf(row))]);
  XLSX.utils.book_append_sheet(workbook, sheet, 'BOM');
  return zipAsExcelDoes(XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', bookSST: true }) as Buffer);
}

/** What is used of SheetJS's bundled CFB library (the package types it as any): a zip's files. */
interface ZipContainer {
  FullPaths: string[];
  FileIndex: { type: number; content?: Uint8Array }[];
}
const cfb = XLSX.CFB as { read(data: Buffer, options: { type: 'buffer' }): ZipContainer };

/**
 * SheetJS's own deflate leaves the sheet at a third of its size where Excel's reaches a tenth: the parts are
 * zipped again with zlib, so the file weighs what an engineer's export of the same sheet would.
 */
function zipAsExcelDoes(xlsx: Buffer): Buffer {
  const container = cfb.read(xlsx, { type: 'buffer' });
  const parts: ZipPart[] = [];
  container.FileIndex.forEach((entry, index) => {
    const path = (container.FullPaths[index] ?? '').replace(/^Root Entry\//, '');
    // Files only; the container keeps a placeholder of its own whose name starts with \u0001.
    if (entry.type === 2 && entry.content && !path.startsWith('\u0001')) parts.push({ name: path, content: Buffer.from(entry.content) });
  });
  return writeZip(parts, 9);
}
