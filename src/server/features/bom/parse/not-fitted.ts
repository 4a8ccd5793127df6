import type { BomColumnRole, BomSheet } from '../../../../contract/bom.ts';
import { looksLikeDistributorCode, looksLikeMpn, looksLikeStoreCode, mostly } from './cell-text.ts';
import { isDnpHeader } from './header-synonyms.ts';

/** DNP / 不贴 / not fitted: the line is kept and shown, never ordered. */

const dnpWords =
  /(?:^|[^A-Za-z0-9])(?:DNP|DNF|DNI|DNM|NOPOP|NO[ _-]?POP|N\/F|NOT[ _-]?FITTED|UN[ _-]?FITTED|NOT[ _-]?POPULATED|UN[ _-]?POPULATED|NOT[ _-]?MOUNTED|NOT[ _-]?PLACED|DO[ _-]?NOT[ _-]?(?:PLACE|POPULATE|FIT|MOUNT|STUFF|ASSEMBLE))(?:[^A-Za-z0-9]|$)/i;
const dnpChinese = /不贴|不焊|不装|不安装|不上件|空贴|空焊|暂不贴|预留不/;
/** "NC" (no connect / not fitted) only as a whole cell: NC7SZ08 is a part. */
const wholeCellDnp = /^(?:NC|N\/C|NF|NP|空|不用|预留)$/i;
/**
 * NC, NF or NP written after a value ("0603R NC", "10k NF"): in capitals, a word of its own, never inside a part
 * number, and not a unit after a bare number ("100 NF" is 100 nF).
 */
const valueMarker = /(?:^|\s)(?!\d+(?:\.\d+)?\s+N[FP]$)\S*\s+(?:NC|N\/C|NF|NP)$/;
/** A position left empty ("Empty (Spare)" for a socket): nothing to fit. */
const emptyPosition = /^(?:empty|unpopulated|unused)\b/i;
/** What a fitted column says for a part left off. */
const fittedNo = /^(?:no|n|false|0|否|不|无|×|✗|✘|不贴|不贴片|不焊|不焊接|不装|不安装|dnp|dnf|dni|nc|nf|not\s*fitted|unfitted|not\s*populated|nopop)$/i;
/** What a DNP column says for a part left off. */
const dnpYes = /^(?:yes|y|true|1|是|x|√|✓|✔|dnp|dnf|不贴|不焊)$/i;

const markerRoles: readonly BomColumnRole[] = ['mpn', 'value', 'description', 'note', 'designator', 'storeCode'];

/**
 * DNP, NP or 不贴 in the mapped part columns, in a Fitted or DNP column, or in place of an order code in a column of
 * codes the sheet does not map (Eagle's DIGIKEY attribute saying NP).
 */
export function isNotFittedRow(row: string[], sheet: Pick<BomSheet, 'headers' | 'mapping'>, codeColumns: readonly number[] = []): boolean {
  const fittedColumn = sheet.mapping.fitted;
  if (fittedColumn !== undefined) {
    const text = (row[fittedColumn] ?? '').trim();
    const header = sheet.headers[fittedColumn] ?? '';
    if (text !== '' && (isDnpHeader(header) ? dnpYes.test(text) : fittedNo.test(text) || isNotFittedText(text))) return true;
  }
  const inPartColumns = markerRoles.some((role) => {
    const column = sheet.mapping[role];
    return column !== undefined && isNotFittedText((row[column] ?? '').trim());
  });
  const valueColumn = sheet.mapping.value;
  const value = valueColumn === undefined ? '' : (row[valueColumn] ?? '').trim();
  if (valueMarker.test(value) || emptyPosition.test(value)) return true;
  return inPartColumns || codeColumns.some((column) => wholeCellDnp.test((row[column] ?? '').trim()) || /^(?:DNP|DNF)$/i.test((row[column] ?? '').trim()));
}

/** Columns no role reads whose cells are order codes or part numbers: a marker there stands for the code. */
export function codeColumnsOf(sheet: Pick<BomSheet, 'headers' | 'rows' | 'mapping'>): number[] {
  const mapped = new Set(Object.values(sheet.mapping));
  const isCode = (cell: string) => looksLikeMpn(cell) || looksLikeDistributorCode(cell) || looksLikeStoreCode(cell);
  return sheet.headers
    .map((_, column) => column)
    .filter((column) => {
      if (mapped.has(column)) return false;
      const cells = sheet.rows
        .slice(0, 200)
        .map((row) => (row[column] ?? '').trim())
        .filter((cell) => cell !== '' && !isNotFittedText(cell));
      return mostly(cells, isCode, 0.5);
    });
}

/** A cell that marks its part as not fitted: DNP, DNF, "Do not place", 不贴, a lone NC. */
export function isNotFittedText(text: string): boolean {
  if (text === '') return false;
  return dnpWords.test(text) || dnpChinese.test(text) || wholeCellDnp.test(text);
}
