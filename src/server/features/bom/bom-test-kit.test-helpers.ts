import * as XLSX from '@e965/xlsx';
import type { FastifyInstance } from 'fastify';
import { bomUploadPath, defaultBomQuantityOptions, type BomSheet } from '../../../contract/bom.ts';
import { csrfCookieName, csrfHeaderName, type Envelope } from '../../../contract/envelope.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { multipartBody } from '../upload/testing/upload-test-kit.ts';

/** What the BOM feature's tests share: workbooks made on the spot, the multipart upload, a sheet for the calls. */

export function xlsxOf(rows: (string | number)[][], sheetName = 'BOM'): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), sheetName);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** POSTs a file to bomUploadPath as the page's uploader does (field `file`, the anti-forgery header). */
export async function uploadBom(app: FastifyInstance, browser: TestBrowser, fileName: string, data: Buffer | Iterable<Buffer>) {
  if (!browser.cookie(csrfCookieName)) await browser.get('/');
  const body = multipartBody([{ name: 'file', filename: fileName, data }]);
  const response = await app.inject({
    method: 'POST',
    url: bomUploadPath,
    payload: body.payload,
    headers: { 'content-type': body.contentType, cookie: browser.cookieHeader(), [csrfHeaderName]: browser.cookie(csrfCookieName) ?? '' },
    remoteAddress: browser.ip,
  });
  return { response, envelope: response.json<Envelope<BomSheet>>() };
}

/** The sheet part of a match or save request. */
export function sheetInputOf(sheet: Pick<BomSheet, 'fileName' | 'sheetName' | 'headerRowIndex' | 'headers' | 'rows' | 'mapping'>) {
  const { fileName, sheetName, headerRowIndex, headers, rows, mapping } = sheet;
  return { fileName, sheetName, headerRowIndex, headers, rows, mapping };
}

/** A hand-made sheet: 型号 / 数量 / 备注 with the mapping filled in. */
export function handSheet(rows: string[][], fileName = 'board.xlsx') {
  return {
    fileName,
    sheetName: 'BOM',
    headerRowIndex: 0,
    headers: ['型号', '数量', '备注'],
    rows,
    mapping: { mpn: 0, quantity: 1, note: 2 },
  };
}

export const oneBoard = defaultBomQuantityOptions;
