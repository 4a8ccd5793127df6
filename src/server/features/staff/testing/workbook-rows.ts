import * as XLSX from '@e965/xlsx';
import type { LightMyRequestResponse } from 'fastify';

/** The lines of an export's sheet (its header first), each cell as text, for tests of registerStaffExport. */
export function workbookRows(response: LightMyRequestResponse, sheetName: string): string[][] {
  const book = XLSX.read(response.rawPayload, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[sheetName] ?? {}, { header: 1, raw: false }).map((line) => line.map((cell) => String(cell)));
}
