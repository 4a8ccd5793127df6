import * as XLSX from '@e965/xlsx';
import iconv from 'iconv-lite';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { priceImportDeskCalls } from '../../../contract/console/price-import-calls.ts';
import { ResultCode } from '../../../contract/envelope.ts';
import { AppError } from '../../http/app-error.ts';
import { insertProduct } from '../../testing/factories.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createWorkPool } from '../../work/work-pool.ts';
import { heavyWorkbookBytes } from '../bom/testing/heavy-workbook.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { readPriceList } from './price-list-read.ts';
import { priceListReaderOf } from './price-list-work.ts';
import { settledJob, uploadPriceList } from './testing/price-import-desk-kit.ts';

/** Price lists are read in the app's worker threads, within a CPU budget per file (PRICE_LIST_CPU_MS). */

const utf8 = (text: string) => new TextEncoder().encode(text);

function xlsxOf(rows: (string | number)[][]): Uint8Array {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), '报价单');
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

/** What reading on the test's own thread answered: the list, or the refusal's code. */
function readInPlace(bytes: Uint8Array): ReturnType<typeof readPriceList> | { errorCode: string } {
  try {
    return readPriceList(bytes);
  } catch (error) {
    if (error instanceof AppError) return { errorCode: error.errorCode };
    throw error;
  }
}

describe('reading a price list in a worker thread', () => {
  const pool = createWorkPool({ threads: 1 }, pino({ level: 'silent' }));
  afterAll(() => pool.close());
  const lists = priceListReaderOf(pool, 30_000, pino({ level: 'silent' }));

  it('answers what reading in place answers, lists and refusals alike', async () => {
    const files: [string, Uint8Array][] = [
      ['utf-8 csv', utf8('型号,品牌,深圳仓,江苏仓,1+,10+\nRC0603FR-0710KL,YAGEO,"1,000",500,0.0123,0.01\nBAD,YAGEO,很多,1,0.1,\n')],
      ['gbk csv', new Uint8Array(iconv.encode('某某电子报价单,,\r\n厂家型号,厂家,单价(元)\r\nSTM32F103C8T6,ST,6.5\r\n', 'gbk'))],
      ['xlsx', xlsxOf([['型号', '品牌', '库存', '1+'], ...Array.from({ length: 500 }, (_, row) => [`XL-${String(row)}`, 'ST', row, 0.5 + row / 1000])])],
      ['no header', utf8('姓名,电话\n张三,123\n')],
      ['empty', new Uint8Array()],
    ];
    for (const [name, bytes] of files) {
      const inPlace = readInPlace(bytes);
      const inWorker = await lists.read('staff:1', bytes).catch((error: unknown) => {
        if (error instanceof AppError) return { errorCode: error.errorCode };
        throw error;
      });
      expect(inWorker, name).toEqual(inPlace);
    }
  });

  it('reads the staff member’s mapping, and for the upload only the head of the list', async () => {
    const bytes = utf8('a,b,c\nX1,9,0.5\nX2,3,0.4\n');
    const explicit = { headerRowIndex: 0, mapping: { mpn: 0, stock: [1], tiers: [{ priceColumn: 2, qtyStart: 5 }] } };
    expect(await lists.read('staff:1', bytes, explicit)).toEqual(readPriceList(bytes, explicit));
    const head = await lists.readHead('staff:1', utf8('型号,库存\nX1,9\nX2,3\n'));
    expect(head).toMatchObject({
      headers: ['型号', '库存'],
      sampleRows: [
        ['X1', '9'],
        ['X2', '3'],
      ],
      rows: [],
      errors: [],
    });
  });
});

async function fixture(app: TestApp) {
  const catalog = await insertCatalogFixture(app.db);
  const partId = await insertProduct(app.db.kysely, {
    code: 'POOL-A1',
    brandId: catalog.brands.st,
    categoryFirstId: catalog.categories.mcu,
    categorySecondId: catalog.categories.armMcu,
    stock: 5,
    prices: [{ qtyStart: 1, priceE4: 30_000 }],
  });
  return { catalog, partId };
}

describe('价格导入 through the worker threads', () => {
  const t = useTestApp({ fixture });

  it('uploads an Excel list, validates, applies as a job and changes the part', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const list = xlsxOf([['供应商报价单 2026-12'], ['型号', '品牌', '库存', '1+', '10+'], ['POOL-A1', 'ST', 40, 2.5, 2.2], ['POOL-NEW', 'ST', 10, 1, 0.9]]);
    const uploaded = await uploadPriceList(t.app, browser, '报价.xlsx', list);
    expect(uploaded.data).toMatchObject({
      headerRowIndex: 1,
      headers: ['型号', '品牌', '库存', '1+', '10+'],
      sampleRows: [
        ['POOL-A1', 'ST', '40', '2.5', '2.2'],
        ['POOL-NEW', 'ST', '10', '1', '0.9'],
      ],
    });
    const uploadId = uploaded.data?.uploadId ?? 0;

    const validated = await browser.call(priceImportDeskCalls.validate, { uploadId, newPartCategoryId: t.fixture.catalog.categories.armMcu });
    expect(validated.data?.summary).toEqual({ total: 2, counts: { create: 1, update: 0, priceChange: 1, unchanged: 0, error: 0 }, errorCount: 0 });
    const applied = await browser.call(priceImportDeskCalls.apply, { uploadId });
    expect(await settledJob(browser, applied.data?.job.id ?? 0)).toMatchObject({ status: 'done', processed: 2, total: 2 });

    const part = await t.db.kysely.selectFrom('products').select(['firstTierPriceE4', 'stock']).where('id', '=', t.fixture.partId).executeTakeFirstOrThrow();
    expect(part).toEqual({ firstTierPriceE4: 25_000, stock: 40 });
    const created = await t.db.kysely.selectFrom('products').select('stock').where('code', '=', 'POOL-NEW').executeTakeFirstOrThrow();
    expect(created.stock).toBe(10);
  });
});

describe('a price list past its CPU budget', () => {
  const t = useTestApp({ fixture, app: { env: { PRICE_LIST_CPU_MS: '60' } } });

  // The stopped thread is replaced, and the next list waits for the new one to load its modules (from source, through tsx).
  it('is stopped and refused in Chinese, nothing kept, and the next list is read', { timeout: 90_000 }, async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    // 3,000 rows of 20 long cells: some tenths of a second to read, far past 60 ms.
    const refused = await uploadPriceList(t.app, browser, '大报价单.xlsx', heavyWorkbookBytes());
    expect(refused).toMatchObject({ code: ResultCode.badRequest, errorCode: 'priceImport.fileTooComplex', data: null });
    expect(refused.msg).toContain('价格表内容过于复杂');
    expect(await t.db.kysely.selectFrom('priceImportUploads').select('id').execute()).toEqual([]);

    const next = await uploadPriceList(t.app, browser, '报价.csv', '型号,品牌,1+\nPOOL-A1,ST,2.4\n');
    expect(next.code).toBe(ResultCode.success);
    expect(next.data?.mapping).toMatchObject({ mpn: 0, brand: 1 });
  });
});
