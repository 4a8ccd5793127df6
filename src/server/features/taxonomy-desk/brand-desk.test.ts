import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brandDeskCalls } from '../../../contract/console/brands-calls.ts';
import { brandExportPath } from '../../../contract/console/taxonomy.ts';
import { gridExportHref } from '../../../contract/staff-grid.ts';
import type { BrandListPageData } from '../../../web/pages/brand-list-page.tsx';
import type { BrandDetailPageData } from '../../../web/pages/brand-detail-page.tsx';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { workbookRows } from '../staff/testing/workbook-rows.ts';
import { pngImage, svgImage } from '../upload/testing/upload-test-kit.ts';
import { brandInitialOf } from '../catalog/brand-staff.service.ts';

const uploadDir = mkdtempSync(join(tmpdir(), 'brand-desk-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

describe('品牌管理 (brand desk)', () => {
  const t = useTestApp({ app: { env: { UPLOAD_DIR: uploadDir } }, fixture: (app) => insertCatalogFixture(app.db) });
  const k = () => t.db.kysely;
  const catalogStaff = () => signedInStaff(t.app, k(), 'catalog');
  const auditOf = (brandId: number) =>
    k().selectFrom('auditLog').selectAll().where('subject', '=', 'Brand').where('subjectId', '=', String(brandId)).orderBy('id').execute();
  const brandList = async () => pageStateOf<BrandListPageData>((await t.browser().get('/brand')).body).data;
  const form = { nameCn: '', initial: '' as const, logoPath: '', intro: '', website: '', country: '' };

  it('derives the initial from the name: its Latin letter, the pinyin of a Chinese name, else #', () => {
    expect(brandInitialOf('yageo')).toBe('Y');
    expect(brandInitialOf('兆易创新')).toBe('Z');
    expect(brandInitialOf('圣邦微')).toBe('S');
    expect(brandInitialOf('3PEAK')).toBe('#');
  });

  it('lists brands as a grid: filters by name, letter and having parts; sorts by name and part count', async () => {
    const staff = await catalogStaff();
    const all = await staff.browser.call(brandDeskCalls.list, {});
    expect(all.code).toBe(1);
    expect(all.data).toMatchObject({ total: 5, page: 1, pageSize: 20 });
    expect(all.data?.rows.map((row) => row.nameEn)).toEqual(['Murata', 'ST', 'TI', 'UNI-ROYAL', 'YAGEO']);
    const yageo = all.data?.rows.find((row) => row.nameEn === 'YAGEO');
    expect(yageo?.productCount).toBeGreaterThan(0);
    const byName = await staff.browser.call(brandDeskCalls.list, { filters: { name: '国巨' } });
    expect(byName.data?.rows.map((row) => row.nameEn)).toEqual(['YAGEO']);
    const byWildcard = await staff.browser.call(brandDeskCalls.list, { filters: { name: '%' } });
    expect(byWildcard.data?.total).toBe(0);
    const byLetter = await staff.browser.call(brandDeskCalls.list, { filters: { initial: 'T' } });
    expect(byLetter.data?.rows.map((row) => row.nameEn)).toEqual(['TI']);
    const sorted = await staff.browser.call(brandDeskCalls.list, { sort: { column: 'productCount', direction: 'desc' }, pageSize: 10 });
    const counts = sorted.data?.rows.map((row) => row.productCount) ?? [];
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const without = await staff.browser.call(brandDeskCalls.list, { filters: { hasProducts: 'no' } });
    const withParts = await staff.browser.call(brandDeskCalls.list, { filters: { hasProducts: 'yes' } });
    expect((without.data?.total ?? 0) + (withParts.data?.total ?? 0)).toBe(5);
    expect(withParts.data?.rows.every((row) => row.productCount > 0)).toBe(true);
    expect(await staff.browser.call(brandDeskCalls.list, { pageSize: 7 as never })).toMatchObject({ code: 400, msg: '请求参数有误' });
    expect(await staff.browser.call(brandDeskCalls.list, { filters: { initial: 'ab' as never } })).toMatchObject({
      code: 400,
      msg: '首字母须为 A–Z 中的一个字母',
    });
  });

  it('creates a brand with a logo checked by content; /brand lists it under its letter and its page shows it; audited', async () => {
    const staff = await catalogStaff();
    const uploaded = await staff.browser.call(brandDeskCalls.uploadLogo, { dataBase64: pngImage(600, 200).toString('base64') });
    expect(uploaded).toMatchObject({ code: 1, msg: 'Logo 已上传' });
    const logoPath = uploaded.data?.logoPath ?? '';
    expect(logoPath).toMatch(/^brandlogo\/[0-9a-f]{32}\.webp$/);
    const logo = await t.browser().get(uploaded.data?.logoUrl ?? '');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');
    expect(logo.headers['set-cookie']).toBeUndefined();

    const created = await staff.browser.call(brandDeskCalls.create, {
      ...form,
      nameEn: '兆易创新',
      nameCn: '兆易创新',
      logoPath,
      intro: '国产存储与 MCU 厂商。',
      website: 'https://www.gigadevice.com',
      country: '中国',
    });
    expect(created).toMatchObject({
      code: 1,
      msg: '已创建',
      data: { nameEn: '兆易创新', initial: 'Z', logoPath, productCount: 0, website: 'https://www.gigadevice.com' },
    });
    const brandId = created.data?.id ?? 0;
    const list = await brandList();
    expect(list.groups.find((group) => group.initial === 'Z')?.brands.map((brand) => brand.nameEn)).toContain('兆易创新');
    const detailPage = await t.browser().get(`/brand/${brandId}`);
    const detail = pageStateOf<BrandDetailPageData>(detailPage.body).data;
    expect(detail.brand).toMatchObject({ nameEn: '兆易创新', logoPath, intro: '国产存储与 MCU 厂商。', website: 'https://www.gigadevice.com' });
    expect(detailPage.body).toContain('href="https://www.gigadevice.com"');
    const [entry] = await auditOf(brandId);
    expect(entry).toMatchObject({ action: 'create', staffId: staff.id, beforeJson: null });
    expect(JSON.parse(entry?.afterJson ?? '{}')).toMatchObject({ nameEn: '兆易创新', initial: 'Z', logoPath });
  });

  it('edits a brand (the initial chosen by hand is kept) and /brand moves it to its letter', async () => {
    const staff = await catalogStaff();
    const { murata } = t.fixture.brands;
    const answer = await staff.browser.call(brandDeskCalls.update, {
      ...form,
      brandId: murata,
      nameEn: 'muRata',
      nameCn: '村田制作所',
      initial: 'C',
      logoPath: 'brand/murata.svg',
      intro: '日本被动元件厂商。',
    });
    expect(answer).toMatchObject({ code: 1, msg: '已保存', data: { nameEn: 'muRata', nameCn: '村田制作所', initial: 'C', logoPath: 'brand/murata.svg' } });
    const list = await brandList();
    expect(list.groups.find((group) => group.initial === 'C')?.brands.map((brand) => brand.nameCn)).toEqual(['村田制作所']);
    const [entry] = await auditOf(murata);
    expect(JSON.parse(entry?.beforeJson ?? '{}')).toMatchObject({ nameEn: 'Murata', initial: 'M' });
    expect(JSON.parse(entry?.afterJson ?? '{}')).toMatchObject({ nameEn: 'muRata', initial: 'C' });
  });

  it('refuses bad input in Chinese: no name, a taken name (any case), a bad website, a logo not made by the desk, a file that is not a picture', async () => {
    const staff = await catalogStaff();
    expect(await staff.browser.call(brandDeskCalls.create, { ...form, nameEn: ' ' })).toMatchObject({ code: 400, msg: '请输入品牌名称' });
    expect(await staff.browser.call(brandDeskCalls.create, { ...form, nameEn: 'yageo' })).toMatchObject({ code: 409, msg: '该品牌名称已存在' });
    expect(await staff.browser.call(brandDeskCalls.create, { ...form, nameEn: 'NEWCO', website: 'javascript:alert(1)' })).toMatchObject({
      code: 400,
      msg: '官网地址须以 http:// 或 https:// 开头',
    });
    expect(await staff.browser.call(brandDeskCalls.create, { ...form, nameEn: 'NEWCO', logoPath: '../../etc/passwd' })).toMatchObject({
      code: 400,
      msg: '请重新上传品牌 Logo',
    });
    expect(await staff.browser.call(brandDeskCalls.uploadLogo, { dataBase64: svgImage.toString('base64') })).toMatchObject({
      code: 400,
      msg: 'Logo 须为 JPG、PNG 或 WEBP 图片',
    });
    const brokenPng = pngImage(20, 20).subarray(0, 60);
    expect(await staff.browser.call(brandDeskCalls.uploadLogo, { dataBase64: brokenPng.toString('base64') })).toMatchObject({
      code: 400,
      msg: 'Logo 图片已损坏，请换一张',
    });
    expect(await staff.browser.call(brandDeskCalls.update, { ...form, brandId: 999_999, nameEn: 'X' })).toMatchObject({ code: 404, msg: '品牌不存在或已删除' });
    expect(await k().selectFrom('brands').select('id').where('nameEn', '=', 'NEWCO').execute()).toEqual([]);
  });

  it('refuses deleting a brand with parts (with the count) and deletes one without', async () => {
    const staff = await catalogStaff();
    const { yageo } = t.fixture.brands;
    const parts = Number(
      (
        await k()
          .selectFrom('products')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('brandId', '=', yageo)
          .executeTakeFirstOrThrow()
      ).count,
    );
    expect(await staff.browser.call(brandDeskCalls.delete, { brandId: yageo })).toMatchObject({ code: 409, msg: `该品牌下还有 ${parts} 个商品，不能删除` });
    const created = await staff.browser.call(brandDeskCalls.create, { ...form, nameEn: 'Temp Brand' });
    const brandId = created.data?.id ?? 0;
    expect(await staff.browser.call(brandDeskCalls.delete, { brandId })).toMatchObject({ code: 1, msg: '已删除' });
    expect((await auditOf(brandId)).map((row) => row.action)).toEqual(['create', 'delete']);
    expect((await brandList()).groups.flatMap((group) => group.brands).some((brand) => brand.nameEn === 'Temp Brand')).toBe(false);
  });

  it('批量删除 deletes the brands without parts, each audited, and reports one with parts by name; bad input in Chinese', async () => {
    const staff = await catalogStaff();
    const created = await Promise.all(['Bulk One', 'Bulk Two'].map((nameEn) => staff.browser.call(brandDeskCalls.create, { ...form, nameEn })));
    const ids = created.map((answer) => answer.data?.id ?? 0);
    const { yageo } = t.fixture.brands;
    const answer = await staff.browser.call(brandDeskCalls.bulkDelete, { brandIds: [...ids, yageo] });
    expect(answer.code).toBe(1);
    expect(answer.data?.done).toBe(2);
    expect(answer.data?.refused).toEqual([{ id: yageo, msg: expect.stringMatching(/^该品牌下还有 \d+ 个商品，不能删除$/) as unknown }]);
    expect(
      await k()
        .selectFrom('brands')
        .select('id')
        .where('id', 'in', [...ids, yageo])
        .execute(),
    ).toEqual([{ id: yageo }]);
    for (const id of ids) expect((await auditOf(id)).map((row) => row.action)).toEqual(['create', 'delete']);
    expect(await auditOf(yageo)).toEqual([]);
    expect(await staff.browser.call(brandDeskCalls.bulkDelete, { brandIds: [] })).toMatchObject({ code: 400, msg: '请选择品牌' });
    expect(await staff.browser.call(brandDeskCalls.bulkDelete, { brandIds: Array.from({ length: 101 }, (_, index) => index + 1) })).toMatchObject({
      code: 400,
      msg: '一次最多选择100个品牌',
    });
  });

  it('race: two staff deleting the same brands in bulk delete each once, audited once', async () => {
    const one = await catalogStaff();
    const two = await catalogStaff();
    const created = await Promise.all(['Race One', 'Race Two'].map((nameEn) => one.browser.call(brandDeskCalls.create, { ...form, nameEn })));
    const ids = created.map((answer) => answer.data?.id ?? 0);
    const answers = await Promise.all([one, two].map((staff) => staff.browser.call(brandDeskCalls.bulkDelete, { brandIds: ids })));
    expect(answers.reduce((sum, answer) => sum + (answer.data?.done ?? 0), 0)).toBe(2);
    for (const id of ids) expect((await auditOf(id)).map((row) => row.action)).toEqual(['create', 'delete']);
  });

  it("exports the brands the filters match as .xlsx, in the grid's order", async () => {
    const staff = await catalogStaff();
    const response = await staff.browser.get(
      gridExportHref(brandExportPath, { filters: { hasProducts: 'yes' }, sort: { column: 'nameEn', direction: 'desc' } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('品牌列表.xlsx'));
    const rows = workbookRows(response, '品牌列表');
    expect(rows[0]).toEqual(['品牌ID', '英文名', '中文名', '首字母', '国家/地区', '官网', '商品数']);
    const listed = await staff.browser.call(brandDeskCalls.list, { filters: { hasProducts: 'yes' }, sort: { column: 'nameEn', direction: 'desc' } });
    expect(rows.slice(1).map((row) => row[1])).toEqual(listed.data?.rows.map((row) => row.nameEn));
    expect(rows.length).toBeGreaterThan(1);
    expect((await staff.browser.get(`${brandExportPath}?q=${encodeURIComponent('{"filters":{"initial":"ab"}}')}`)).json()).toMatchObject({ code: 400 });
  });

  it.each(['content', 'sales'] as const)('refuses every change to a %s role: 403, nothing changed, nothing audited', async (role) => {
    const staff = await signedInStaff(t.app, k(), role);
    const before = await k().selectFrom('brands').selectAll().orderBy('id').execute();
    const auditBefore = await k().selectFrom('auditLog').select('id').execute();
    const answers = await Promise.all([
      staff.browser.call(brandDeskCalls.create, { ...form, nameEn: 'Intruder' }),
      staff.browser.call(brandDeskCalls.update, { ...form, brandId: t.fixture.brands.ti, nameEn: 'Intruder' }),
      staff.browser.call(brandDeskCalls.delete, { brandId: t.fixture.brands.ti }),
      staff.browser.call(brandDeskCalls.bulkDelete, { brandIds: [t.fixture.brands.ti] }),
      staff.browser.call(brandDeskCalls.uploadLogo, { dataBase64: pngImage().toString('base64') }),
      ...(role === 'content' ? [staff.browser.call(brandDeskCalls.list, {})] : []),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
    expect((await staff.browser.get(gridExportHref(brandExportPath, { filters: {} }))).json()).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
    expect(await k().selectFrom('brands').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await k().selectFrom('auditLog').select('id').execute()).toEqual(auditBefore);
  });

  it('race: two staff creating the same brand at once make one brand; the other is told the name exists', async () => {
    const one = await catalogStaff();
    const two = await catalogStaff();
    const answers = await Promise.all([
      one.browser.call(brandDeskCalls.create, { ...form, nameEn: 'Nexperia' }),
      two.browser.call(brandDeskCalls.create, { ...form, nameEn: 'NEXPERIA' }),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([1, 409]);
    expect(answers.find((answer) => answer.code === 409)?.msg).toBe('该品牌名称已存在');
    const rows = await k()
      .selectFrom('brands')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['nameEn']), '=', 'nexperia'))
      .execute();
    expect(rows).toHaveLength(1);
    expect(await auditOf(rows[0]?.id ?? 0)).toHaveLength(1);
  });
});
