import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceImportMessages as messages } from '../../../contract/price-import.ts';
import { insertProduct } from '../../testing/factories.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { insertCatalogFixture, type CatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { checkPriceList, queuePriceImport, runPriceImportJob, startPriceImportRollback } from './price-import.service.ts';
import { readPriceList } from './price-list-read.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** 采购与合规 columns in a supplier's list (issue 28): Chinese and English headers, cells in both words, bad cells named in Chinese. */
describe('price list: purchasing columns', () => {
  it('recognises the Chinese and English headers and reads the cells as suppliers write them', () => {
    const text = [
      '型号,品牌,包装方式,湿敏等级,REACH,ECCN,原产地,工厂交期(周),原理图符号,PCB封装,3D模型',
      'PUR-A1,ST,卷带,MSL 3,符合,3a991.A.2,马来西亚,12周,https://cad.example.com/a.sym,https://cad.example.com/a.fp,https://cad.example.com/a.step',
      'PUR-A2,ST,Cut Tape,不适用,No,ear99,TW,8,,,',
    ].join('\n');
    const read = readPriceList(utf8(text));
    expect(read.errors).toEqual([]);
    expect(read.rows.map((row) => row.purchasing)).toEqual([
      {
        packaging: 'tape_reel',
        msl: '3',
        reachStatus: 'compliant',
        eccn: '3A991.a.2',
        originCountry: 'MY',
        factoryLeadWeeks: 12,
        cadSymbolUrl: 'https://cad.example.com/a.sym',
        cadFootprintUrl: 'https://cad.example.com/a.fp',
        cadModelUrl: 'https://cad.example.com/a.step',
      },
      { packaging: 'cut_tape', msl: 'na', reachStatus: 'non_compliant', eccn: 'EAR99', originCountry: 'TW', factoryLeadWeeks: 8 },
    ]);
    const english = readPriceList(utf8('MPN,Manufacturer,Packaging,MSL,REACH Status,Country of Origin,Lead Time\nPUR-B1,TI,Tray,2a,Unknown,US,6 weeks\n'));
    expect(english.rows[0]?.purchasing).toEqual({ packaging: 'tray', msl: '2a', reachStatus: 'unknown', originCountry: 'US', factoryLeadWeeks: 6 });
  });

  it('refuses each bad cell with its row, its column in Chinese and the reason, keeping the good rows', () => {
    const text = [
      '型号,品牌,包装方式,湿敏等级,REACH,ECCN,原产地,工厂交期,3D模型',
      'PUR-OK,ST,托盘,1,符合,EAR99,CN,4,',
      'PUR-BAD1,ST,纸箱,MSL 7,也许,,,,',
      'PUR-BAD2,ST,,,,3A99,中华,200周,http://cad.example.com/x.step',
    ].join('\n');
    const read = readPriceList(utf8(text));
    expect(read.rows.map((row) => row.mpn)).toEqual(['PUR-OK']);
    expect(read.errors).toEqual([
      { row: 3, column: 'REACH', reason: messages.reachInvalid },
      { row: 3, column: '湿敏等级', reason: messages.mslInvalid },
      { row: 3, column: '包装方式', reason: messages.packagingInvalid },
      { row: 4, column: 'ECCN', reason: messages.eccnInvalid },
      { row: 4, column: '原产地', reason: messages.originInvalid },
      { row: 4, column: '工厂交期', reason: messages.leadWeeksInvalid },
      { row: 4, column: '3D 模型', reason: messages.cadUrlInvalid },
    ]);
  });

  it('takes a list of purchasing columns alone (no price or stock) as a price list', () => {
    const read = readPriceList(utf8('型号,品牌,包装方式\nPUR-C1,ST,管装\n'));
    expect(read.rows[0]).toMatchObject({ mpn: 'PUR-C1', stock: null, tiers: null, purchasing: { packaging: 'tube' } });
  });
});

describe('applying purchasing columns', () => {
  let db: TestDb;
  let fixture: CatalogFixture;
  let known: number;

  beforeEach(async () => {
    db = await createTestDb();
    fixture = await insertCatalogFixture(db);
    known = await insertProduct(db.kysely, {
      code: 'PUR-KNOWN',
      brandId: fixture.brands.st,
      categoryFirstId: fixture.categories.mcu,
      categorySecondId: fixture.categories.armMcu,
      packaging: 'tube',
      msl: '3',
      eccn: 'EAR99',
    });
  });
  afterEach(async () => {
    await db.drop();
  });

  const purchasingOf = (id: number) =>
    db.kysely
      .selectFrom('products')
      .select(['reachStatus', 'msl', 'eccn', 'originCountry', 'packaging', 'factoryLeadWeeks', 'cadModelUrl'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('updates only the fields the list changes, creates new parts with theirs, and a rollback restores them', async () => {
    const text = [
      '型号,品牌,1+,包装方式,湿敏等级,REACH,原产地,工厂交期,3D模型',
      'PUR-KNOWN,ST,,卷带,3,符合,PH,10,',
      'PUR-NEW,ST,0.5,托盘,2a,未知,JP,16,https://cad.example.com/new.step',
    ].join('\n');
    const check = await checkPriceList(db.kysely, readPriceList(utf8(text)), { newPartCategoryId: fixture.categories.armMcu });
    expect(check.preview.errors).toEqual([]);
    expect(check.preview.samples.find((sample) => sample.productId === known)).toMatchObject({
      kind: 'update',
      changed: ['reachStatus', 'originCountry', 'packaging', 'factoryLeadWeeks'],
    });
    const jobId = await queuePriceImport(db.kysely, '合规信息.csv', check, { newPartCategoryId: fixture.categories.armMcu });
    expect(await runPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'done' });
    expect(await purchasingOf(known)).toEqual({
      reachStatus: 'compliant',
      msl: '3',
      eccn: 'EAR99',
      originCountry: 'PH',
      packaging: 'tape_reel',
      factoryLeadWeeks: 10,
      cadModelUrl: null,
    });
    const created = await db.kysely.selectFrom('products').select('id').where('code', '=', 'PUR-NEW').executeTakeFirstOrThrow();
    expect(await purchasingOf(created.id)).toEqual({
      reachStatus: 'unknown',
      msl: '2a',
      eccn: null,
      originCountry: 'JP',
      packaging: 'tray',
      factoryLeadWeeks: 16,
      cadModelUrl: 'https://cad.example.com/new.step',
    });

    expect(await startPriceImportRollback(db.kysely, jobId)).toBe(true);
    expect(await runPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'rolled_back' });
    expect(await purchasingOf(known)).toEqual({
      reachStatus: 'unknown',
      msl: '3',
      eccn: 'EAR99',
      originCountry: null,
      packaging: 'tube',
      factoryLeadWeeks: null,
      cadModelUrl: null,
    });
    expect(await db.kysely.selectFrom('products').select('id').where('code', '=', 'PUR-NEW').execute()).toEqual([]);
  });
});
