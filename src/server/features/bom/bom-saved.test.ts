import { describe, expect, it } from 'vitest';
import type { BomPageData } from '../../../contract/bom.ts';
import { bomCalls } from '../../../contract/bom-calls.ts';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { ResultCode } from '../../../contract/envelope.ts';
import { lineAmountCents } from '../../../contract/pricing.ts';
import { errorCodeOf } from '../../testing/error-code.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import type { SignedInMember } from '../../testing/use-test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import { insertBomMatchFixture } from './match/bom-match.test-helpers.ts';
import type { BomListPageData } from '../../../web/pages/bom-list-page.tsx';
import { deleteBom, listBoms, loadSavedBom } from './bom.service.ts';
import { handSheet, oneBoard } from './bom-test-kit.test-helpers.ts';

const t = useTestApp({ fixture: (app) => insertBomMatchFixture(app.db.kysely) });

const rows = [
  ['STM32F103C8T6', '10', '主控'],
  ['LM358DR', '100', ''],
  ['RC0603FR-0710KL', '150', '上拉'],
];

function productId(code: string): number {
  const id = t.fixture.products.get(code);
  if (id === undefined) throw new Error(`no part ${code}`);
  return id;
}

const choices = () => [
  { lineNo: 1, productId: productId('STM32F103C8T6'), quantity: 10 },
  { lineNo: 2, productId: productId('LM358DR'), quantity: 100 },
  { lineNo: 3, productId: productId('RC0603FR-0710KL'), quantity: 200 },
];

async function saveOne(member: SignedInMember, name = '主板 V1') {
  return member.browser.callOk(bomCalls.save, { name, sheet: handSheet(rows), options: oneBoard, choices: choices() });
}

describe('saved BOMs', () => {
  it('saves, lists, reopens, replaces and deletes a member’s BOM', async () => {
    const member = await t.member();
    const { bomId } = await saveOne(member);
    const list = await member.browser.callOk(bomCalls.list, { page: 1 });
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ bomId, name: '主板 V1', fileName: 'board.xlsx', lineCount: 3, matchRate: 1 });

    const detail = await member.browser.callOk(bomCalls.detail, { bomId });
    expect(detail.sheet.rows).toEqual(rows);
    expect(detail.sheet.mapping).toEqual({ mpn: 0, quantity: 1, note: 2 });
    expect(detail.choices).toEqual(choices());
    expect(detail.options).toEqual(oneBoard);

    const replaced = await member.browser.callOk(bomCalls.save, { bomId, name: '主板 V2', sheet: handSheet(rows.slice(0, 1)), options: oneBoard, choices: [] });
    expect(replaced.bomId).toBe(bomId);
    const after = await member.browser.callOk(bomCalls.list, { page: 1 });
    expect(after.list[0]).toMatchObject({ bomId, name: '主板 V2', lineCount: 1, totalCents: 0 });

    expect((await member.browser.call(bomCalls.delete, { bomId })).code).toBe(ResultCode.success);
    expect((await member.browser.callOk(bomCalls.list, { page: 1 })).total).toBe(0);
    expect((await member.browser.call(bomCalls.detail, { bomId })).errorCode).toBe('bom.notFound');
  });

  it('answers bom.notFound for another member’s BOM, whatever the call', async () => {
    const owner = await t.member();
    const other = await t.member();
    const { bomId } = await saveOne(owner);
    expect((await other.browser.call(bomCalls.detail, { bomId })).errorCode).toBe('bom.notFound');
    expect((await other.browser.call(bomCalls.delete, { bomId })).errorCode).toBe('bom.notFound');
    const overwrite = await other.browser.call(bomCalls.save, { bomId, name: '偷梁换柱', sheet: handSheet(rows), options: oneBoard, choices: [] });
    expect(overwrite.errorCode).toBe('bom.notFound');
    expect((await owner.browser.callOk(bomCalls.detail, { bomId })).name).toBe('主板 V1');
  });

  it('keeps each member’s BOMs to themselves in the services too', async () => {
    const owner = await t.member();
    const other = await t.member();
    const { bomId } = await saveOne(owner);
    const deps = { db: t.db.kysely };
    expect(await errorCodeOf(loadSavedBom(deps, other.userId, bomId))).toBe('bom.notFound');
    expect(await errorCodeOf(deleteBom(deps, other.userId, bomId))).toBe('bom.notFound');
    expect((await listBoms(deps, other.userId, 1)).total).toBe(0);
    expect(await errorCodeOf(deleteBom(deps, owner.userId, bomId))).toBe('none');
  });

  it('stores the chosen lines’ total as the cart prices them, to the fen', async () => {
    const member = await t.member();
    const { bomId } = await saveOne(member);
    const products = await loadProductSummaries(
      t.db.kysely,
      choices().map((choice) => choice.productId),
    );
    const expected = choices().reduce((sum, choice) => {
      const product = products.find((candidate) => candidate.productId === choice.productId);
      return sum + lineAmountCents(product?.priceTiers ?? [], choice.quantity);
    }, 0);
    const list = await member.browser.callOk(bomCalls.list, { page: 1 });
    expect(list.list.find((row) => row.bomId === bomId)?.totalCents).toBe(expected);

    await member.browser.callOk(bomCalls.addToCart, { items: choices() });
    const cart = await member.browser.callOk(cartCalls.queryList, {});
    expect(cart.selectedTotalCents).toBe(expected);
  });
});

describe('addToCart', () => {
  it('adds the good lines and lists a bad one with the cart’s reason', async () => {
    const member = await t.member();
    const items = [
      { lineNo: 1, productId: productId('STM32F103C8T6'), quantity: 5 },
      // Resistors come in packs of 100: the cart refuses 150.
      { lineNo: 2, productId: productId('RC0603FR-0710KL'), quantity: 150 },
      { lineNo: 3, productId: productId('LM358DR'), quantity: 3 },
      { lineNo: 4, productId: productId('LM358DR'), quantity: 0 },
    ];
    const result = await member.browser.callOk(bomCalls.addToCart, { items });
    expect(result.addedCount).toBe(2);
    expect(result.cartCount).toBe(2);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatchObject({ lineNo: 2, productId: productId('RC0603FR-0710KL'), code: 'RC0603FR-0710KL' });
    expect(result.failures[0]?.reason).toMatch(/100/);
    const cart = await member.browser.callOk(cartCalls.queryList, {});
    expect(cart.lines.map((line) => line.quantity).sort((a, b) => a - b)).toEqual([3, 5]);
  });

  it('lists a part the store no longer has, and refuses a list with nothing to add', async () => {
    const member = await t.member();
    const result = await member.browser.callOk(bomCalls.addToCart, { items: [{ lineNo: 1, productId: 999_999, quantity: 1 }] });
    expect(result.failures).toEqual([expect.objectContaining({ lineNo: 1, productId: 999_999, code: '' })]);
    expect(result.failures[0]?.reason).not.toBe('');
    expect((await member.browser.call(bomCalls.addToCart, { items: [{ lineNo: 1, productId: 1, quantity: 0 }] })).errorCode).toBe('bom.nothingToAdd');
  });
});

describe('pages', () => {
  it('/user/bom lists a member’s BOMs with open and export links; a visitor goes to the login page', async () => {
    const member = await t.member();
    const { bomId } = await saveOne(member, '电源板');
    const response = await member.browser.get('/user/bom');
    expect(response.statusCode).toBe(200);
    expect(pageStateOf<BomListPageData>(response.body).data.list.list.map((row) => row.bomId)).toEqual([bomId]);
    expect(response.body).toContain('电源板');
    expect(response.body).toContain(`/bom?id=${bomId}`);
    expect(response.body).toContain(`/bom/${bomId}/export.xlsx`);
    expect(response.body).toContain(`/bom/${bomId}/export.pdf`);

    const visitor = await t.browser().get('/user/bom');
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toMatch(/^\/account\/login\?.*return=%2Fuser%2Fbom/);
  });

  it('/user/bom without BOMs links to the tool', async () => {
    const member = await t.member();
    const response = await member.browser.get('/user/bom');
    expect(response.body).toContain('您还没有保存过 BOM');
  });

  it('/bom opens for visitors; ?id=N reopens the member’s BOM, 404s for another’s and sends a visitor to log in', async () => {
    const visitorPage = await t.browser().get('/bom');
    expect(visitorPage.statusCode).toBe(200);
    expect(pageStateOf<BomPageData>(visitorPage.body).data).toEqual({ savedBom: null, isLoggedIn: false });

    const owner = await t.member();
    const { bomId } = await saveOne(owner);
    const own = await owner.browser.get(`/bom?id=${bomId}`);
    expect(own.statusCode).toBe(200);
    const data = pageStateOf<BomPageData>(own.body).data;
    expect(data.isLoggedIn).toBe(true);
    expect(data.savedBom?.bomId).toBe(bomId);
    expect(data.savedBom?.sheet.partLineCount).toBe(3);

    const other = await t.member();
    expect((await other.browser.get(`/bom?id=${bomId}`)).statusCode).toBe(404);
    expect((await other.browser.get('/bom?id=abc')).statusCode).toBe(404);
    const visitor = await t.browser().get(`/bom?id=${bomId}`);
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toContain(encodeURIComponent(`/bom?id=${bomId}`));
  });
});
