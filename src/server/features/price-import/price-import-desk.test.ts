import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { priceImportDeskCalls } from '../../../contract/console/price-import-calls.ts';
import { priceImportErrorReportPath, priceImportMessages, priceImportRollbackReasons, priceImportRollbackReportPath } from '../../../contract/price-import.ts';
import { insertProduct } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { settledJob, uploadPriceList } from './testing/price-import-desk-kit.ts';

describe('价格导入 desk calls', () => {
  const t = useTestApp({
    fixture: async (app) => {
      const catalog = await insertCatalogFixture(app.db);
      const place = { categoryFirstId: catalog.categories.mcu, categorySecondId: catalog.categories.armMcu };
      const partA = await insertProduct(app.db.kysely, {
        code: 'DESK-A1',
        brandId: catalog.brands.st,
        ...place,
        stock: 5,
        prices: [{ qtyStart: 1, priceE4: 30_000 }],
      });
      const partB = await insertProduct(app.db.kysely, {
        code: 'DESK-B1',
        brandId: catalog.brands.ti,
        ...place,
        stock: 9,
        prices: [{ qtyStart: 1, priceE4: 10_000 }],
      });
      return { catalog, partA, partB };
    },
  });

  const list = (suffix: string) =>
    [
      '供应商报价单 2026-11',
      '型号,品牌,库存,1+,10+',
      `DESK-A1,ST,${suffix === 'x' ? 77 : 88},2.5,2.2`,
      'DESK-B1,TI,9,1,',
      `DESK-NEW-${suffix},ST,100,0.5,0.4`,
      ',ST,1,1,', // no part number
      'DESK-BAD,ST,abc,1,', // bad stock
    ].join('\n');

  async function auditCount(subject = 'PriceImport') {
    const rows = await t.db.kysely.selectFrom('auditLog').select('id').where('subject', '=', subject).execute();
    return rows.length;
  }

  async function firstTierPrice(id: number) {
    const row = await t.db.kysely.selectFrom('products').select(['firstTierPriceE4', 'stock']).where('id', '=', id).executeTakeFirstOrThrow();
    return row;
  }

  it('uploads, validates with a report and a paged preview, applies as an audited job and shows it done', async () => {
    const { browser, displayName } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const uploaded = await uploadPriceList(t.app, browser, '华强报价.csv', list('a'));
    expect(uploaded.code).toBe(1);
    const upload = uploaded.data;
    if (!upload) throw new Error('no upload');
    expect(upload).toMatchObject({ fileName: '华强报价.csv', headerRowIndex: 1, headers: ['型号', '品牌', '库存', '1+', '10+'] });
    expect(upload.mapping).toEqual({
      mpn: 0,
      brand: 1,
      stock: [2],
      tiers: [
        { priceColumn: 3, qtyStart: 1 },
        { priceColumn: 4, qtyStart: 10 },
      ],
    });
    expect(upload.sampleRows[0]).toEqual(['DESK-A1', 'ST', '88', '2.5', '2.2']);

    const validated = await browser.call(priceImportDeskCalls.validate, { uploadId: upload.uploadId, newPartCategoryId: t.fixture.catalog.categories.armMcu });
    expect(validated.data?.summary).toEqual({ total: 5, counts: { create: 1, update: 0, priceChange: 1, unchanged: 1, error: 2 }, errorCount: 2 });
    expect(validated.data?.firstErrors).toEqual([
      { row: 6, column: '型号', reason: priceImportMessages.mpnMissing },
      { row: 7, column: '库存', reason: priceImportMessages.stockInvalid },
    ]);

    const csv = await browser.get(`${priceImportErrorReportPath}?uploadId=${upload.uploadId}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(encodeURIComponent('华强报价-错误报告.csv'));
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 3),
    ).toEqual(['行号,列,原因', `6,型号,${priceImportMessages.mpnMissing}`, `7,库存,${priceImportMessages.stockInvalid}`]);
    const xlsx = await browser.get(`${priceImportErrorReportPath}?uploadId=${upload.uploadId}&format=xlsx`);
    const sheet = XLSX.read(xlsx.rawPayload).Sheets['错误报告'];
    expect(sheet ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[2] : null).toEqual([7, '库存', priceImportMessages.stockInvalid]);

    const changes = await browser.call(priceImportDeskCalls.preview, { filters: { uploadId: upload.uploadId, kind: 'priceChange' } });
    expect(changes.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(changes.data?.rows[0]).toMatchObject({
      row: 3,
      mpn: 'DESK-A1',
      productId: t.fixture.partA,
      oldFirstPriceE4: 30_000,
      newFirstPriceE4: 25_000,
      oldStock: 5,
      newStock: 88,
    });
    const creates = await browser.call(priceImportDeskCalls.preview, { filters: { uploadId: upload.uploadId, kind: 'create' }, pageSize: 10 });
    expect(creates.data?.rows).toEqual([expect.objectContaining({ row: 5, mpn: 'DESK-NEW-a', productId: null, newFirstPriceE4: 5000 })]);

    const applied = await browser.call(priceImportDeskCalls.apply, { uploadId: upload.uploadId });
    expect(applied.code).toBe(1);
    expect(applied.data).toMatchObject({ isNew: true, job: { fileName: '华强报价.csv', total: 2, staffName: displayName } });
    const job = await settledJob(browser, applied.data?.job.id ?? 0);
    expect(job).toMatchObject({ status: 'done', processed: 2, total: 2 });
    expect(await firstTierPrice(t.fixture.partA)).toEqual({ firstTierPriceE4: 25_000, stock: 88 });
    const audit = await t.db.kysely
      .selectFrom('auditLog')
      .select(['staffName', 'action', 'subjectId', 'afterJson'])
      .where('subject', '=', 'PriceImport')
      .where('subjectId', '=', String(job.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ staffName: displayName, action: 'apply' });
    expect(JSON.parse(audit.afterJson ?? '{}')).toMatchObject({ fileName: '华强报价.csv', rows: 5, create: 1, priceChange: 1, error: 2, applying: 2 });

    const jobs = await browser.call(priceImportDeskCalls.jobs, { filters: { fileName: '华强' } });
    expect(jobs.data?.rows.map((row) => row.id)).toContain(job.id);
    const none = await browser.call(priceImportDeskCalls.jobs, { filters: { fileName: '%' } });
    expect(none.data?.total).toBe(0);
    // A second validation of an applied upload is refused: upload again to import again.
    const again = await browser.call(priceImportDeskCalls.validate, { uploadId: upload.uploadId });
    expect(again).toMatchObject({ code: 409, errorCode: 'priceImport.alreadyApplied' });
  });

  it('validates again with the mapping the staff member chose', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const upload = (await uploadPriceList(t.app, browser, 'map.csv', '型号,备注,价格\nDESK-B1,TI,0.9\n')).data;
    if (!upload) throw new Error('no upload');
    // Detected: 价格 is the unit price; 备注 is not a brand column.
    expect(upload.mapping).toEqual({ mpn: 0, unitPrice: 2 });
    const chosen = await browser.call(priceImportDeskCalls.validate, {
      uploadId: upload.uploadId,
      explicit: { headerRowIndex: 0, mapping: { mpn: 0, brand: 1, tiers: [{ priceColumn: 2, qtyStart: 5 }] } },
    });
    expect(chosen.data?.summary.counts).toMatchObject({ priceChange: 1, error: 0 });
    const preview = await browser.call(priceImportDeskCalls.preview, { filters: { uploadId: upload.uploadId, kind: 'priceChange' } });
    expect(preview.data?.rows[0]).toMatchObject({ productId: t.fixture.partB, newFirstPriceE4: 9000 });
  });

  it('answers bad input with Chinese messages, never a server error', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    expect(await browser.call(priceImportDeskCalls.validate, { uploadId: 0 })).toMatchObject({ code: 400, msg: '请先上传文件' });
    expect(await browser.call(priceImportDeskCalls.validate, { uploadId: 999_999 })).toMatchObject({ code: 404, errorCode: 'priceImport.uploadNotFound' });
    expect(await browser.call(priceImportDeskCalls.apply, { uploadId: 999_999 })).toMatchObject({ code: 404 });
    expect(await browser.post(priceImportDeskCalls.preview.path, { filters: { uploadId: 1, kind: 'all' } })).toMatchObject({ code: 400, msg: '请求参数有误' });
    expect(await browser.post(priceImportDeskCalls.validate.path, { uploadId: 1, explicit: { headerRowIndex: 0, mapping: { mpn: -1 } } })).toMatchObject({
      code: 400,
    });
    const noHeader = await uploadPriceList(t.app, browser, 'x.csv', 'a,b\n1,2\n');
    expect(noHeader).toMatchObject({ code: 400, msg: priceImportMessages.noHeader });
    expect(await uploadPriceList(t.app, browser, 'empty.csv', '')).toMatchObject({ code: 400 });
    const upload = (await uploadPriceList(t.app, browser, 'ok.csv', '型号,库存\nDESK-B1,9\n')).data;
    if (!upload) throw new Error('no upload');
    expect(await browser.call(priceImportDeskCalls.apply, { uploadId: upload.uploadId })).toMatchObject({ code: 400, msg: '请先校验文件' });
    expect(await browser.call(priceImportDeskCalls.validate, { uploadId: upload.uploadId, newPartCategoryId: t.fixture.catalog.categories.mcu })).toMatchObject(
      {
        code: 400,
        errorCode: 'priceImport.categoryInvalid',
      },
    );
    // Nothing changes: applying refuses and leaves the upload validated.
    expect((await browser.call(priceImportDeskCalls.validate, { uploadId: upload.uploadId })).data?.summary.counts.unchanged).toBe(1);
    expect(await browser.call(priceImportDeskCalls.apply, { uploadId: upload.uploadId })).toMatchObject({ code: 400, msg: priceImportMessages.nothingToApply });
    expect(await browser.call(priceImportDeskCalls.resume, { jobId: 999_999 })).toMatchObject({ code: 404 });
    const report = await browser.get(`${priceImportErrorReportPath}?uploadId=abc`);
    expect(report.json()).toMatchObject({ code: 400 });
  });

  it('refuses a role without the desk: no upload kept, no job, no audit entry', async () => {
    const catalog = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const upload = (await uploadPriceList(t.app, catalog.browser, 'deny.csv', list('deny'))).data;
    if (!upload) throw new Error('no upload');
    await catalog.browser.call(priceImportDeskCalls.validate, { uploadId: upload.uploadId, newPartCategoryId: t.fixture.catalog.categories.armMcu });
    const uploadsBefore = (await t.db.kysely.selectFrom('priceImportUploads').select('id').execute()).length;
    const jobsBefore = (await t.db.kysely.selectFrom('priceImportJobs').select('id').execute()).length;
    const auditBefore = await auditCount();
    for (const role of ['content', 'sales', 'warehouse', 'finance', 'service'] as const) {
      const { browser } = await signedInStaff(t.app, t.db.kysely, role);
      expect(await uploadPriceList(t.app, browser, 'deny.csv', list('deny'))).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
      expect(await browser.call(priceImportDeskCalls.validate, { uploadId: upload.uploadId })).toMatchObject({ code: 403 });
      expect(await browser.call(priceImportDeskCalls.apply, { uploadId: upload.uploadId })).toMatchObject({ code: 403 });
      expect(await browser.call(priceImportDeskCalls.jobs, {})).toMatchObject({ code: 403 });
      expect(await browser.call(priceImportDeskCalls.rollback, { jobId: 1 })).toMatchObject({ code: 403 });
      expect((await browser.get(`${priceImportErrorReportPath}?uploadId=${upload.uploadId}`)).json()).toMatchObject({ code: 403 });
      expect((await browser.get('/admin/price-import')).headers.location).toBe('/admin');
    }
    expect((await t.db.kysely.selectFrom('priceImportUploads').select('id').execute()).length).toBe(uploadsBefore);
    expect((await t.db.kysely.selectFrom('priceImportJobs').select('id').execute()).length).toBe(jobsBefore);
    expect(await auditCount()).toBe(auditBefore);
    expect((await t.app.inject({ url: '/admin/price-import' })).headers.location).toContain('/admin/login');
  });

  it('two 应用 clicks on one validated upload queue one job, audited once', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const upload = (await uploadPriceList(t.app, browser, 'race.csv', list('race'))).data;
    if (!upload) throw new Error('no upload');
    await browser.call(priceImportDeskCalls.validate, { uploadId: upload.uploadId, newPartCategoryId: t.fixture.catalog.categories.armMcu });
    const jobsBefore = (await t.db.kysely.selectFrom('priceImportJobs').select('id').execute()).length;
    const answers = await Promise.all([
      browser.call(priceImportDeskCalls.apply, { uploadId: upload.uploadId }),
      browser.call(priceImportDeskCalls.apply, { uploadId: upload.uploadId }),
      browser.call(priceImportDeskCalls.apply, { uploadId: upload.uploadId }),
    ]);
    expect(answers.map((answer) => answer.code)).toEqual([1, 1, 1]);
    expect(new Set(answers.map((answer) => answer.data?.job.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.data?.isNew)).toHaveLength(1);
    expect((await t.db.kysely.selectFrom('priceImportJobs').select('id').execute()).length).toBe(jobsBefore + 1);
    const jobId = answers[0].data?.job.id ?? 0;
    const audits = await t.db.kysely.selectFrom('auditLog').select('id').where('subject', '=', 'PriceImport').where('subjectId', '=', String(jobId)).execute();
    expect(audits).toHaveLength(1);
    expect(await settledJob(browser, jobId)).toMatchObject({ status: 'done' });
  });

  it('an interrupted job is resumed (继续) or rolled back (回滚), each audited; a finished one is not resumed', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const before = await firstTierPrice(t.fixture.partB);
    const upload = (await uploadPriceList(t.app, browser, 'stop.csv', '型号,品牌,1+\nDESK-B1,TI,0.77\n')).data;
    if (!upload) throw new Error('no upload');
    await browser.call(priceImportDeskCalls.validate, { uploadId: upload.uploadId });
    const applied = await browser.call(priceImportDeskCalls.apply, { uploadId: upload.uploadId });
    const jobId = applied.data?.job.id ?? 0;
    await settledJob(browser, jobId);
    expect(await browser.call(priceImportDeskCalls.resume, { jobId })).toMatchObject({
      code: 409,
      errorCode: 'priceImport.jobNotResumable',
      msg: '导入任务已完成，不能继续',
    });
    expect(await firstTierPrice(t.fixture.partB)).toMatchObject({ firstTierPriceE4: 7700 });

    // A job interrupted after its only batch was applied: its undo rows and cursor are kept.
    await t.db.kysely
      .updateTable('productPrices')
      .set({ priceE4: before.firstTierPriceE4 ?? 0 })
      .where('productId', '=', t.fixture.partB)
      .execute();
    const upload2 = (await uploadPriceList(t.app, browser, 'stop2.csv', '型号,品牌,1+\nDESK-B1,TI,0.55\n')).data;
    if (!upload2) throw new Error('no upload');
    await browser.call(priceImportDeskCalls.validate, { uploadId: upload2.uploadId });
    const failedId = (await browser.call(priceImportDeskCalls.apply, { uploadId: upload2.uploadId })).data?.job.id ?? 0;
    await settledJob(browser, failedId);
    // As if its batch had thrown before committing: failed at cursor 0 (the engine's own tests fail real batches).
    await t.db.kysely.updateTable('priceImportJobs').set({ status: 'failed', processed: 0, error: '测试中断' }).where('id', '=', failedId).execute();
    const resumed = await browser.call(priceImportDeskCalls.resume, { jobId: failedId });
    expect(resumed).toMatchObject({ code: 1, msg: '已继续导入' });
    expect(await settledJob(browser, failedId)).toMatchObject({ status: 'done', processed: 1, error: null });
    expect(await firstTierPrice(t.fixture.partB)).toMatchObject({ firstTierPriceE4: 5500 });
    const actions = await t.db.kysely
      .selectFrom('auditLog')
      .select(['action', 'beforeJson', 'afterJson'])
      .where('subjectId', '=', String(failedId))
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['apply', 'resume']);
    expect(JSON.parse(actions[1]?.beforeJson ?? '{}')).toMatchObject({ status: 'failed', fileName: 'stop2.csv' });

    await t.db.kysely.updateTable('priceImportJobs').set({ status: 'failed', error: '测试中断' }).where('id', '=', failedId).execute();
    const [first, second] = await Promise.all([
      browser.call(priceImportDeskCalls.rollback, { jobId: failedId }),
      browser.call(priceImportDeskCalls.rollback, { jobId: failedId }),
    ]);
    expect([first.code, second.code].sort()).toEqual([1, 409]);
    expect(await settledJob(browser, failedId)).toMatchObject({ status: 'rolled_back' });
    const rollbacks = await t.db.kysely
      .selectFrom('auditLog')
      .select('action')
      .where('subjectId', '=', String(failedId))
      .where('action', '=', 'rollback')
      .execute();
    expect(rollbacks).toHaveLength(1);
  });

  it('回滚 of a finished job: audited once when two staff click together, parts edited since reported not overwritten, never twice', async () => {
    const { browser, displayName } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const priceA = await firstTierPrice(t.fixture.partA);
    const upload = (await uploadPriceList(t.app, browser, '回滚.csv', '型号,品牌,1+\nDESK-A1,ST,4.4\nDESK-B1,TI,0.66\nDESK-RB-NEW,ST,0.2\n')).data;
    if (!upload) throw new Error('no upload');
    await browser.call(priceImportDeskCalls.validate, { uploadId: upload.uploadId, newPartCategoryId: t.fixture.catalog.categories.armMcu });
    const jobId = (await browser.call(priceImportDeskCalls.apply, { uploadId: upload.uploadId })).data?.job.id ?? 0;
    const done = await settledJob(browser, jobId);
    expect(done).toMatchObject({ status: 'done', conflictCount: 0 });
    expect(done.undoUntil).toBeGreaterThan(Date.now());
    expect(await firstTierPrice(t.fixture.partA)).toMatchObject({ firstTierPriceE4: 44_000 });
    // After the job, staff change B's price on the product desk.
    await t.db.kysely.updateTable('productPrices').set({ priceE4: 12_345 }).where('productId', '=', t.fixture.partB).execute();

    // A role without the desk: refused, nothing changes, nothing audited.
    const auditBefore = await auditCount();
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    expect(await sales.browser.call(priceImportDeskCalls.rollback, { jobId })).toMatchObject({ code: 403 });
    expect((await sales.browser.get(`${priceImportRollbackReportPath}?jobId=${jobId}`)).json()).toMatchObject({ code: 403 });
    expect(await settledJob(browser, jobId)).toMatchObject({ status: 'done' });
    expect(await auditCount()).toBe(auditBefore);

    const answers = await Promise.all([browser.call(priceImportDeskCalls.rollback, { jobId }), browser.call(priceImportDeskCalls.rollback, { jobId })]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([1, 409]);
    // The loser finds the job rolling back, or already rolled back when the worker was that quick.
    const loser = answers.find((answer) => answer.code === 409);
    expect(loser?.errorCode).toBe('priceImport.jobNotRollbackable');
    expect(['导入任务正在回滚，不能回滚', '导入任务已回滚，不能回滚']).toContain(loser?.msg);
    const rolledBack = await settledJob(browser, jobId);
    expect(rolledBack).toMatchObject({ status: 'rolled_back', conflictCount: 1, undoUntil: null, error: priceImportMessages.rolledBackWithConflicts(1) });
    expect(await firstTierPrice(t.fixture.partA)).toMatchObject({ firstTierPriceE4: priceA.firstTierPriceE4 });
    expect(await firstTierPrice(t.fixture.partB)).toMatchObject({ firstTierPriceE4: 12_345 });
    expect(await t.db.kysely.selectFrom('products').select('id').where('code', '=', 'DESK-RB-NEW').execute()).toEqual([]);
    const audits = await t.db.kysely
      .selectFrom('auditLog')
      .select(['action', 'staffName', 'beforeJson'])
      .where('subjectId', '=', String(jobId))
      .where('action', '=', 'rollback')
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ staffName: displayName });
    expect(JSON.parse(audits[0]?.beforeJson ?? '{}')).toMatchObject({ status: 'done', fileName: '回滚.csv' });

    const report = await browser.get(`${priceImportRollbackReportPath}?jobId=${jobId}&format=csv`);
    expect(report.headers['content-disposition']).toContain(encodeURIComponent('回滚-回滚报告.csv'));
    expect(
      report.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 2),
    ).toEqual(['行号,型号,商品ID,原因', `3,DESK-B1,${t.fixture.partB},${priceImportRollbackReasons.changedSince(['价格'])}`]);
    expect(await browser.call(priceImportDeskCalls.rollback, { jobId })).toMatchObject({ code: 409, msg: '导入任务已回滚，不能回滚' });
    expect((await browser.get(`${priceImportRollbackReportPath}?jobId=abc`)).json()).toMatchObject({ code: 400 });
  });

  it('the desk page shows 继续 and 回滚 as the job lifecycle allows them, and a page showing an old status is answered in Chinese', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const jobOf = async (fileName: string, priceText: string) => {
      const upload = (await uploadPriceList(t.app, browser, fileName, `型号,品牌,1+\nDESK-B1,TI,${priceText}\n`)).data;
      if (!upload) throw new Error('no upload');
      await browser.call(priceImportDeskCalls.validate, { uploadId: upload.uploadId });
      const jobId = (await browser.call(priceImportDeskCalls.apply, { uploadId: upload.uploadId })).data?.job.id ?? 0;
      return (await settledJob(browser, jobId)).id;
    };
    const doneId = await jobOf('buttons-done.csv', '0.41');
    const failedId = await jobOf('buttons-failed.csv', '0.42');
    // As if its batch had thrown: interrupted, its applied row kept for 继续 or 回滚.
    await t.db.kysely.updateTable('priceImportJobs').set({ status: 'failed', undoUntil: null, error: '测试中断' }).where('id', '=', failedId).execute();

    const html = (await browser.get('/admin/price-import')).body;
    expect(html).toContain(`data-testid="price-import-rollback-${doneId}"`);
    expect(html).not.toContain(`data-testid="price-import-resume-${doneId}"`);
    expect(html).toContain(`data-testid="price-import-resume-${failedId}"`);
    expect(html).toContain(`data-testid="price-import-rollback-${failedId}"`);

    // The page still shows the failed job as failed; meanwhile a colleague resumed it and it finished.
    expect(await browser.call(priceImportDeskCalls.resume, { jobId: failedId, from: 'failed' })).toMatchObject({ code: 1 });
    expect(await settledJob(browser, failedId)).toMatchObject({ status: 'done' });
    expect(await browser.call(priceImportDeskCalls.resume, { jobId: failedId, from: 'failed' })).toMatchObject({
      code: 409,
      msg: '导入任务已完成，不能继续',
    });
    expect(await browser.call(priceImportDeskCalls.rollback, { jobId: failedId, from: 'failed' })).toMatchObject({
      code: 409,
      errorCode: 'priceImport.changedMeanwhile',
      msg: '导入任务状态已被他人更改，请刷新后重试',
    });
    expect(await browser.call(priceImportDeskCalls.rollback, { jobId: failedId, from: 'done' })).toMatchObject({ code: 1, msg: '已开始回滚' });
    expect(await settledJob(browser, failedId)).toMatchObject({ status: 'rolled_back' });
    const after = (await browser.get('/admin/price-import')).body;
    expect(after).not.toContain(`data-testid="price-import-rollback-${failedId}"`);
    expect(after).not.toContain(`data-testid="price-import-resume-${failedId}"`);
  });

  it('refuses 回滚 in Chinese while another job is under way, and of a job past its retention', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const upload = (await uploadPriceList(t.app, browser, 'busy.csv', '型号,品牌,1+\nDESK-B1,TI,0.31\n')).data;
    if (!upload) throw new Error('no upload');
    await browser.call(priceImportDeskCalls.validate, { uploadId: upload.uploadId });
    const jobId = (await browser.call(priceImportDeskCalls.apply, { uploadId: upload.uploadId })).data?.job.id ?? 0;
    await settledJob(browser, jobId);
    // Another job in the table the worker has not taken up yet.
    const now = Date.now();
    const other = await t.db.kysely
      .insertInto('priceImportJobs')
      .values({
        status: 'running',
        fileName: 'other.csv',
        optionsJson: '{"place":null}',
        rowsJson: '[]',
        total: 0,
        processed: 0,
        error: null,
        createdAt: now,
        updatedAt: now,
        undoUntil: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await browser.call(priceImportDeskCalls.rollback, { jobId })).toMatchObject({
      code: 409,
      errorCode: 'priceImport.jobNotRollbackable',
      msg: priceImportMessages.anotherJobRunning,
    });
    await t.db.kysely.updateTable('priceImportJobs').set({ status: 'done' }).where('id', '=', other.id).execute();
    await t.db.kysely
      .updateTable('priceImportJobs')
      .set({ undoUntil: now - 1 })
      .where('id', '=', jobId)
      .execute();
    expect(await browser.call(priceImportDeskCalls.rollback, { jobId })).toMatchObject({ code: 409, msg: priceImportMessages.undoExpired });
    expect(await settledJob(browser, jobId)).toMatchObject({ status: 'done' });
  });
});
