import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnyStaffCall } from '../../../../contract/staff-calls.ts';
import type { CallBody, CallResponse } from '../../../../contract/call.ts';
import { brandDeskCalls } from '../../../../contract/console/brands-calls.ts';
import { categoryDeskCalls } from '../../../../contract/console/categories-calls.ts';
import { priceImportDeskCalls } from '../../../../contract/console/price-import-calls.ts';
import { adminProductsCalls } from '../../../../contract/console/products-calls.ts';
import type { LabelledKind } from '../../../../../tests/fixtures/bom-real/labels.ts';
import { realAttributes, realBrands, realPriceLists, type RealPriceList } from '../../../../../tests/fixtures/bom-real/real-parts/store.ts';
import type { Database } from '../../../db/database.ts';
import { settledJob, uploadPriceList } from '../../price-import/testing/price-import-desk-kit.ts';
import { signedInStaff, type StaffBrowser } from '../../staff/testing/staff-browser.ts';

/**
 * The real-parts catalogue of issue 27 ("tested against real parts"), loaded as staff would load it through the
 * console: brands and categories on their desks, each price list uploaded, validated into its category and applied
 * (价格导入), then each new part's parameters typed into the product form, which the price list cannot carry.
 * Attributes have no desk: they are written as the other fixtures write them.
 */

export const realPartsDirectory = join(import.meta.dirname, '../../../../../tests/fixtures/bom-real/real-parts');

/** The price list's own columns; every column after them is an attribute of the list's category. */
const importColumnCount = 9;

export interface RealPart {
  productId: number;
  code: string;
  brand: string;
  package: string;
  kind: LabelledKind;
  stock: number;
  /** Attribute name → value as the price list writes it ("10kΩ", "±1%"); empty cells left out. */
  params: Record<string, string>;
}

export interface RealPartsStore {
  /** By part number as the price list writes it. */
  parts: Map<string, RealPart>;
}

/** A row of the price lists beside the labels: commas separate cells, a quoted cell may hold commas. */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  for (let rest = line; ;) {
    const match = /^"([^"]*)"(?:,|$)/.exec(rest) ?? /^([^,]*)(?:,|$)/.exec(rest);
    cells.push(match?.[1] ?? '');
    if (!match?.[0].endsWith(',')) return cells;
    rest = rest.slice(match[0].length);
  }
}

export function priceListRows(list: RealPriceList): { header: string[]; rows: string[][] } {
  const [header = [], ...rows] = readFileSync(join(realPartsDirectory, list.file), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map(csvCells);
  return { header, rows };
}

async function callOk<C extends AnyStaffCall>(browser: StaffBrowser, call: C, body: CallBody<C>): Promise<CallResponse<C>> {
  const answer = await browser.call(call, body);
  if (answer.code !== 1 || answer.data === null) throw new Error(`${call.path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

async function createBrands(browser: StaffBrowser): Promise<void> {
  for (const brand of realBrands) await callOk(browser, brandDeskCalls.create, brand);
}

/** Second-level category id by price-list file. */
async function createCategories(browser: StaffBrowser): Promise<Map<string, number>> {
  const groups = new Map<string, number>();
  const firstLevel = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const list of realPriceLists) {
    let groupId = groups.get(list.group);
    if (groupId === undefined) {
      groupId = (await callOk(browser, categoryDeskCalls.createGroup, { name: list.group })).id;
      groups.set(list.group, groupId);
    }
    let parentId = firstLevel.get(list.category);
    if (parentId === undefined) {
      parentId = (await callOk(browser, categoryDeskCalls.create, { name: list.category, parentId: null, groupId })).id;
      firstLevel.set(list.category, parentId);
    }
    byFile.set(list.file, (await callOk(browser, categoryDeskCalls.create, { name: list.subcategory, parentId })).id);
  }
  return byFile;
}

/** The attributes each category filters by: the parameter columns of its price list, in their order. */
async function createAttributes(db: Kysely<Database>, categoryOfFile: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const attribute of realAttributes) {
    const { id } = await db.insertInto('attributes').values(attribute).returning('id').executeTakeFirstOrThrow();
    ids.set(attribute.name, id);
  }
  for (const list of realPriceLists) {
    const names = priceListRows(list).header.slice(importColumnCount);
    if (names.length === 0) continue;
    const categoryId = categoryOfFile.get(list.file) ?? 0;
    await db
      .insertInto('categoryAttributes')
      .values(names.map((name, sort) => ({ categoryId, attributeId: ids.get(name) ?? 0, sort })))
      .execute();
  }
  return ids;
}

/** 价格导入 as the console does it: upload, validate into the list's category, apply, wait for the job. */
async function importPriceList(browser: StaffBrowser, app: FastifyInstance, list: RealPriceList, categoryId: number): Promise<void> {
  const uploaded = await uploadPriceList(app, browser, list.file, readFileSync(join(realPartsDirectory, list.file)));
  if (uploaded.code !== 1 || !uploaded.data) throw new Error(`${list.file}: ${JSON.stringify(uploaded)}`);
  const { uploadId } = uploaded.data;
  const validated = await callOk(browser, priceImportDeskCalls.validate, { uploadId, newPartCategoryId: categoryId });
  const rowCount = priceListRows(list).rows.length;
  if (validated.summary.errorCount > 0 || validated.summary.counts.create !== rowCount)
    throw new Error(`${list.file}: ${JSON.stringify(validated)} (${String(rowCount)} rows)`);
  const applied = await callOk(browser, priceImportDeskCalls.apply, { uploadId });
  const job = await settledJob(browser, applied.job.id);
  if (job.status !== 'done') throw new Error(`${list.file}: job ${JSON.stringify(job)}`);
}

/** The product form, saved with the parameters of the price list's row (as staff would type them). */
async function fillParameters(browser: StaffBrowser, productId: number, params: Record<string, string>, attributeIds: ReadonlyMap<string, number>) {
  const product = await callOk(browser, adminProductsCalls.get, { productId });
  const { id: _id, categoryFirstId: _first, stock: _stock, warehouses: _warehouses, updatedAt, updatedAtStr: _shown, ...form } = product;
  await callOk(browser, adminProductsCalls.save, {
    ...form,
    productId,
    expectedUpdatedAt: updatedAt,
    params: Object.entries(params).map(([name, valueText]) => ({ attributeId: attributeIds.get(name) ?? 0, valueText })),
  });
}

async function productIdsOf(browser: StaffBrowser, categoryId: number): Promise<Map<string, number>> {
  const page = await callOk(browser, adminProductsCalls.list, { page: 1, pageSize: 100, filters: { categoryId } });
  return new Map(page.rows.map((row) => [row.code, row.id]));
}

export async function loadRealPartsStore(app: FastifyInstance, db: Kysely<Database>): Promise<RealPartsStore> {
  const { browser } = await signedInStaff(app, db, 'admin');
  await createBrands(browser);
  const categoryOfFile = await createCategories(browser);
  const attributeIds = await createAttributes(db, categoryOfFile);
  const parts = new Map<string, RealPart>();
  for (const list of realPriceLists) {
    const categoryId = categoryOfFile.get(list.file) ?? 0;
    await importPriceList(browser, app, list, categoryId);
    const ids = await productIdsOf(browser, categoryId);
    const { header, rows } = priceListRows(list);
    for (const cells of rows) {
      const [code = '', brand = '', packageName = '', , stock = '0'] = cells;
      const productId = ids.get(code);
      if (productId === undefined) throw new Error(`${list.file}: ${code} was not created`);
      const params: Record<string, string> = {};
      header.forEach((name, column) => {
        const value = cells[column] ?? '';
        if (column >= importColumnCount && value !== '') params[name] = value;
      });
      if (Object.keys(params).length > 0) await fillParameters(browser, productId, params, attributeIds);
      parts.set(code, { productId, code, brand, package: packageName, kind: list.kind, stock: Number(stock), params });
    }
  }
  return { parts };
}
