import { describe, expect, it } from 'vitest';
import type { AdminProductEditPageData, AdminProductsPageData } from '../../../contract/console/products.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { signedInStaff, StaffBrowser } from '../staff/testing/staff-browser.ts';

const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });

describe('商品管理 pages', () => {
  it('sends a visitor to the console login and a role without products home', async () => {
    const visitor = await new StaffBrowser(t.app).get('/admin/products');
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe('/admin/login?return=%2Fadmin%2Fproducts');
    const finance = await signedInStaff(t.app, t.db.kysely, 'finance');
    expect((await finance.browser.get('/admin/products')).headers.location).toBe('/admin');
    expect((await finance.browser.get('/admin/products/1')).headers.location).toBe('/admin');
  });

  it('shows the grid, in the menu, to the catalogue role; a product and the new-product form', async () => {
    const catalog = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const list = await catalog.browser.get('/admin/products');
    expect(list.statusCode).toBe(200);
    const listData = pageStateOf<AdminProductsPageData>(list.body).data;
    expect(listData.result.total).toBe(t.fixture.products.size);
    expect(listData.menu).toContainEqual({ label: '商品管理', href: '/admin/products' });
    const id = t.fixture.products.get('RC0603FR-0710KL') ?? 0;
    const edit = pageStateOf<AdminProductEditPageData>((await catalog.browser.get(`/admin/products/${String(id)}`)).body).data;
    expect(edit.product).toMatchObject({ id, code: 'RC0603FR-0710KL' });
    expect(edit.options.categories.find((category) => category.id === t.fixture.categories.chipResistor)?.attributes.map((a) => a.name)).toEqual([
      '阻值',
      '精度',
      '功率',
      '封装',
    ]);
    expect(pageStateOf<AdminProductEditPageData>((await catalog.browser.get('/admin/products/new')).body).data.product).toBeNull();
    expect((await catalog.browser.get('/admin/products/99999999')).statusCode).toBe(404);
  });

  it('lets the warehouse open a product (for its stock) but not the new-product form', async () => {
    const warehouse = await signedInStaff(t.app, t.db.kysely, 'warehouse');
    expect((await warehouse.browser.get('/admin/products')).statusCode).toBe(200);
    expect((await warehouse.browser.get('/admin/products/new')).headers.location).toBe('/admin/products');
  });
});
