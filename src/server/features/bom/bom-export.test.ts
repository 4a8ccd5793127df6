import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { bomExportPath } from '../../../contract/bom.ts';
import { bomCalls } from '../../../contract/bom-calls.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { createMember, signIn } from '../../testing/factories.ts';
import { createTestApp, TestBrowser } from '../../testing/test-app.ts';
import type { SignedInMember } from '../../testing/use-test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { insertBomMatchFixture } from './match/bom-match.test-helpers.ts';
import { attachmentHeader } from './bom.routes.ts';
import { inertCellText } from '../../../contract/spreadsheet-text.ts';
import { bomExportColumns } from './bom-export.service.ts';
import { bomExportLimits, bomLimitKey } from './bom.service.ts';
import { handSheet, oneBoard } from './bom-test-kit.test-helpers.ts';

const t = useTestApp({ fixture: (app) => insertBomMatchFixture(app.db.kysely) });

const injection = '=HYPERLINK("http://evil.example/","点我")';
const rows = [
  ['STM32F103C8T6', '10', injection],
  ['LM358DR', '4', '+1-2'],
  ['本页合计', '', '@SUM(A1)'],
];

async function savedBom(member: SignedInMember) {
  const productId = t.fixture.products.get('STM32F103C8T6') ?? 0;
  return member.browser.callOk(bomCalls.save, {
    name: '主板 V1',
    sheet: handSheet(rows),
    options: oneBoard,
    choices: [{ lineNo: 1, productId, quantity: 10 }],
  });
}

function download(member: SignedInMember, path: string) {
  return t.app.inject({ method: 'GET', url: path, headers: { cookie: member.browser.cookieHeader() } });
}

describe('Excel export', () => {
  it('keeps the buyer’s columns first, adds the store’s, and writes no formula', async () => {
    const member = await t.member();
    const { bomId } = await savedBom(member);
    const response = await download(member, bomExportPath(bomId, 'xlsx'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('主板 V1-报价.xlsx')}`);

    const workbook = XLSX.read(response.rawPayload, { type: 'buffer', cellFormula: true });
    const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
    if (!sheet) throw new Error('no sheet');
    const cells = Object.entries(sheet).filter(([address]) => !address.startsWith('!'));
    expect(cells.filter(([, cell]) => (cell as XLSX.CellObject).f !== undefined)).toEqual([]);

    const grid = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '' });
    expect(grid[0]).toEqual(['型号', '数量', '备注', ...bomExportColumns]);
    expect(grid[1]?.slice(0, 3)).toEqual(['STM32F103C8T6', '10', `'${injection}`]);
    expect(grid[1]?.slice(3, 7)).toEqual(['精确匹配', '型号一致', '', 'STM32F103C8T6']);
    expect(grid[1]?.[9]).toBe('10');
    expect(grid[2]?.[2]).toBe("'+1-2");
    expect(grid[3]?.[2]).toBe("'@SUM(A1)");
    expect(grid.at(-1)?.slice(-2)).toEqual(['合计', expect.stringMatching(/^\d+\.\d\d$/)]);
  });

  it('defuses every leading formula character', () => {
    expect(['=1', '+1', '-1', '@a', '\tx', '\rx', 'ok', '10k'].map(inertCellText)).toEqual(["'=1", "'+1", "'-1", "'@a", "'\tx", "'\rx", 'ok', '10k']);
  });
});

describe('PDF quotation', () => {
  it('is a PDF with the Chinese font embedded', async () => {
    const member = await t.member();
    const { bomId } = await savedBom(member);
    const response = await download(member, bomExportPath(bomId, 'pdf'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text).toMatch(/\/FontFile[23]?\b/);
    expect(text).toContain('NotoSansCJK');
    const drawn = pdfText(pdf);
    expect(drawn).toContain('报价单');
    expect(drawn).toContain('STM32F103C8T6');
    expect(drawn).toContain('第 1 页 / 共 1 页');
  });

  it('gives the hotline staff set in the site settings, not the server’s configured one (one source of site facts)', async () => {
    const { browser: desk } = await signedInStaff(t.app, t.db.kysely, 'content');
    const settings = (await desk.call(contentDeskCalls.getSettings, {})).data;
    if (!settings) throw new Error('no site settings');
    const draft = await desk.call(contentDeskCalls.saveSettings, { ...settings.live, hotline: '400-800-5678', revision: settings.revision });
    expect(await desk.call(contentDeskCalls.publishDraft, { key: 'siteSettings', revision: draft.data?.revision ?? 0 })).toMatchObject({ code: 1 });
    const member = await t.member();
    const { bomId } = await savedBom(member);
    const drawn = pdfText((await download(member, bomExportPath(bomId, 'pdf'))).rawPayload);
    expect(drawn).toContain('客服热线 400-800-5678');
    expect(drawn).not.toContain(t.deps.config.hotline);
  });

  it('answers a Chinese message, not a broken PDF, when the font is missing', async () => {
    const app = await createTestApp({ env: { PDF_FONT_PATH: '/nonexistent/font.ttc' } });
    try {
      const created = await createMember(app.db.kysely);
      const browser = new TestBrowser(app.app);
      await signIn(browser, app.db.kysely, created.userId);
      const { bomId } = await browser.callOk(bomCalls.save, { name: '无字体', sheet: handSheet(rows), options: oneBoard, choices: [] });
      const response = await app.app.inject({ method: 'GET', url: bomExportPath(bomId, 'pdf'), headers: { cookie: browser.cookieHeader() } });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toContain('中文字体');
    } finally {
      await app.close();
    }
  });
});

describe('export access', () => {
  it('sends a visitor to log in and answers 404 for another member’s BOM', async () => {
    const owner = await t.member();
    const { bomId } = await savedBom(owner);
    const visitor = await t.browser().get(bomExportPath(bomId, 'xlsx'));
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toContain('/account/login');
    const other = await t.member();
    expect((await download(other, bomExportPath(bomId, 'xlsx'))).statusCode).toBe(404);
    expect((await download(other, bomExportPath(bomId, 'pdf'))).statusCode).toBe(404);
  });

  it('answers 429 past a member’s exports a minute', async () => {
    const member = await t.member();
    const { bomId } = await savedBom(member);
    for (let hit = 0; hit < bomExportLimits.perWindow; hit += 1) {
      await t.deps.counters.consume(bomLimitKey('export', String(member.userId)), bomExportLimits.perWindow, bomExportLimits.windowSeconds);
    }
    const response = await download(member, bomExportPath(bomId, 'xlsx'));
    expect(response.statusCode).toBe(429);
    expect(response.body).toContain('过于频繁');
  });

  it('names the download in ASCII and in UTF-8', () => {
    expect(attachmentHeader('主板 "A".xlsx')).toBe(`attachment; filename="__ _A_.xlsx"; filename*=UTF-8''${encodeURIComponent('主板 "A".xlsx')}`);
  });
});
