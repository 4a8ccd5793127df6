import type { BomColumnRole, BomSheet } from '../../../../contract/bom.ts';
import { isDnpHeader } from './header-synonyms.ts';

/** DNP / 不贴 / not fitted: the line is kept and shown, never ordered. */

const dnpWords =
  /(?:^|[^A-Za-z0-9])(?:DNP|DNF|DNI|DNM|NOPOP|NO[ _-]?POP|N\/F|NOT[ _-]?FITTED|UN[ _-]?FITTED|NOT[ _-]?POPULATED|UN[ _-]?POPULATED|NOT[ _-]?MOUNTED|NOT[ _-]?PLACED|DO[ _-]?NOT[ _-]?(?:PLACE|POPULATE|FIT|MOUNT|STUFF|ASSEMBLE))(?:[^A-Za-z0-9]|$)/i;
const dnpChinese = /不贴|不焊|不装|不安装|不上件|空贴|空焊|暂不贴|预留不/;
/** "NC" (no connect / not fitted) only as a whole cell: NC7SZ08 is a part. */
const wholeCellDnp = /^(?:NC|N\/C|NF|空|不用|预留)$/i;
/** What a fitted column says for a part left off. */
const fittedNo = /^(?:no|n|false|0|否|不|无|×|✗|✘|不贴|不贴片|不焊|不焊接|不装|不安装|dnp|dnf|dni|nc|nf|not\s*fitted|unfitted|not\s*populated|nopop)$/i;
/** What a DNP column says for a part left off. */
const dnpYes = /^(?:yes|y|true|1|是|x|√|✓|✔|dnp|dnf|不贴|不焊)$/i;

const markerRoles: readonly BomColumnRole[] = ['mpn', 'value', 'description', 'note', 'designator', 'storeCode'];

export function isNotFittedRow(row: string[], sheet: Pick<BomSheet, 'headers' | 'mapping'>): boolean {
  const fittedColumn = sheet.mapping.fitted;
  if (fittedColumn !== undefined) {
    const text = (row[fittedColumn] ?? '').trim();
    const header = sheet.headers[fittedColumn] ?? '';
    if (text !== '' && (isDnpHeader(header) ? dnpYes.test(text) : fittedNo.test(text) || isNotFittedText(text))) return true;
  }
  return markerRoles.some((role) => {
    const column = sheet.mapping[role];
    return column !== undefined && isNotFittedText((row[column] ?? '').trim());
  });
}

/** A cell that marks its part as not fitted: DNP, DNF, "Do not place", 不贴, a lone NC. */
export function isNotFittedText(text: string): boolean {
  if (text === '') return false;
  return dnpWords.test(text) || dnpChinese.test(text) || wholeCellDnp.test(text);
}
