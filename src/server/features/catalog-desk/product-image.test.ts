import { describe, expect, it } from 'vitest';
import { adminProductImageUploadPath, type AdminProduct, type UploadedProductImage } from '../../../contract/console/products.ts';
import { adminProductsCalls } from '../../../contract/console/products-calls.ts';
import type { ProductDetail } from '../../../contract/catalog.ts';
import type { Envelope } from '../../../contract/envelope.ts';
import { staffCsrfCookieName, staffCsrfHeaderName } from '../../../contract/staff.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { signedInStaff, type StaffBrowser } from '../staff/testing/staff-browser.ts';
import { multipartBody, pngImage, svgImage } from '../upload/testing/upload-test-kit.ts';

const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });

async function upload(browser: StaffBrowser, data: Buffer): Promise<Envelope<UploadedProductImage>> {
  const body = multipartBody([{ name: 'file', filename: 'part.png', contentType: 'image/png', data }]);
  const response = await t.app.inject({
    method: 'POST',
    url: adminProductImageUploadPath,
    payload: body.payload,
    headers: { 'content-type': body.contentType, cookie: browser.cookieHeader(), [staffCsrfHeaderName]: browser.cookies.get(staffCsrfCookieName) ?? '' },
  });
  return response.json<Envelope<UploadedProductImage>>();
}

function saveBody(product: AdminProduct, imagePath: string) {
  const { id, categoryFirstId: _first, stock: _stock, updatedAt, updatedAtStr: _str, ...form } = product;
  return { ...form, imagePath, productId: id, expectedUpdatedAt: updatedAt };
}

describe('商品管理 pictures', () => {
  it('uploads a picture checked by its bytes, saves it as the product picture (audited) and the shop shows and serves it', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const uploaded = await upload(browser, pngImage(8, 8));
    expect(uploaded.code).toBe(1);
    const path = uploaded.data?.path ?? '';
    expect(path).toMatch(/^product\/[0-9a-f]{32}\.png$/);
    const productId = t.fixture.products.get('RC0603FR-0710KL') ?? 0;
    const product = (await browser.call(adminProductsCalls.get, { productId })).data;
    if (!product) throw new Error('no product');
    expect(await browser.call(adminProductsCalls.save, saveBody(product, path))).toMatchObject({ code: 1, data: { imagePath: path } });
    const detail = pageStateOf<ProductDetail>((await t.browser().get(`/product/detail/${String(productId)}`)).body).data;
    expect(detail.product.imagePath).toBe(path);
    const served = await t.app.inject({ method: 'GET', url: `/img/${path}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const entry = await t.db.kysely
      .selectFrom('auditLog')
      .select(['beforeJson', 'afterJson'])
      .where('subjectId', '=', String(productId))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.afterJson ?? '{}')).toMatchObject({ imagePath: path });
    expect(JSON.parse(entry.beforeJson ?? '{}')).toMatchObject({ imagePath: product.imagePath });
  });

  it('refuses a script posing as a picture, a path never uploaded, and the content role', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    expect(await upload(browser, svgImage)).toMatchObject({ code: 400, msg: '图片格式仅支持 bmp、jpg、png、webp' });
    const productId = t.fixture.products.get('RC0402FR-071KL') ?? 0;
    const product = (await browser.call(adminProductsCalls.get, { productId })).data;
    if (!product) throw new Error('no product');
    for (const imagePath of [`product/${'a'.repeat(32)}.png`, '../secret.png', 'avatar/1/x.png'])
      expect(await browser.call(adminProductsCalls.save, saveBody(product, imagePath)), imagePath).toMatchObject({
        code: 400,
        msg: '商品图片无效，请重新上传',
      });
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    expect(await upload(content.browser, pngImage())).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
    expect((await t.app.inject({ method: 'GET', url: `/img/product/${'b'.repeat(32)}.png` })).statusCode).toBe(404);
  });
});
