import {
  bomErrors,
  bomLimits,
  bomListPageSize,
  bomSheetBytesMax,
  bomMessages,
  isBomColumnRole,
  type BomAddToCartResult,
  type BomCartFailure,
  type BomChoice,
  type BomColumnMapping,
  type BomLineInput,
  type BomListData,
  type BomMatchResult,
  type BomQuantityOptions,
  type BomSheet,
  type SavedBom,
} from '../../../contract/bom.ts';
import { bomRequests } from '../../../contract/bom-requests.ts';
import type { ProductSummary } from '../../../contract/catalog.ts';
import { requestErrors, type ErrorDefinition } from '../../../contract/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { addToCart, countCartLinesOf } from '../cart/cart.service.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import type { SearchService } from '../search/search.service.ts';
import { matchBomLines, type BomMatchContext } from './match/match-bom.ts';
import { bomLinesOf, countPartLines } from './parse/bom-lines.ts';
import { hasPartRole, headerKeyOf } from './parse/detect-header.ts';
import { readBomText } from './parse/paste.ts';
import { permilleOf, pricedBomOf, purchasesOf, type PricedBom } from './bom-pricing.ts';
import {
  countMemberBoms,
  deleteMemberBom,
  findColumnMapping,
  findMemberBom,
  findMemberBomPage,
  insertBom,
  updateBom,
  upsertColumnMapping,
  type BomColumns,
} from './bom.repository.ts';
import type { BomRow } from './bom.tables.ts';
import { chargeBomWork, takeBomWorkSlice } from './bom-work-budget.ts';
import type { BomWork } from './bom-work.ts';
import type { QuotationParty } from './bom-quotation-pdf.ts';

/** The BOM tool's services: reading files and pastes, matching, members' saved BOMs and the cart step. */

export interface BomDeps extends ServiceDeps {
  /** The in-memory catalogue index the lines are matched against. */
  search: SearchService;
}

/** Reading files and drawing PDFs happen in the app's worker threads (bom-work.ts). */
export interface BomWorkDeps extends BomDeps {
  work: BomWork;
}

/** A sheet as the browser sends it back (the mapping possibly corrected). */
export type BomSheetInput = Pick<BomSheet, 'fileName' | 'sheetName' | 'headerRowIndex' | 'headers' | 'rows' | 'mapping'>;

/** Reading and matching cost CPU: each address gets this many of each call a minute. */
export const bomCallLimits = { perWindow: 60, windowSeconds: 60 } as const;

/** `export`: a quotation PDF takes the process about half a second of CPU, so a member's exports are counted too (by member, not address). */
export type LimitedBomCall = 'upload' | 'parseText' | 'match' | 'export';

export function bomLimitKey(call: LimitedBomCall, who: string): string {
  return call === 'export' ? `bom-export:user:${who}` : `bom-${call}:ip:${who}`;
}

export const bomExportLimits = { perWindow: 20, windowSeconds: 60 } as const;

/** Counts one use; false past the limit. */
export async function takeBomCall(deps: Pick<ServiceDeps, 'counters'>, call: LimitedBomCall, who: string): Promise<boolean> {
  const { perWindow, windowSeconds } = call === 'export' ? bomExportLimits : bomCallLimits;
  const { isAllowed } = await deps.counters.consume(bomLimitKey(call, who), perWindow, windowSeconds);
  return isAllowed;
}

export async function spendBomCall(deps: Pick<ServiceDeps, 'counters'>, call: LimitedBomCall, who: string): Promise<void> {
  if (!(await takeBomCall(deps, call, who))) throw new AppError(requestErrors.tooFrequent);
}

/** A mapping that fits the sheet's columns, or null (a stored one from a sheet that only shares the header key). */
function fittingMapping(value: unknown, columnCount: number): BomColumnMapping | null {
  if (typeof value !== 'object' || value === null) return null;
  const mapping: BomColumnMapping = {};
  for (const [role, index] of Object.entries(value)) {
    if (!isBomColumnRole(role) || typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= columnCount) return null;
    mapping[role] = index;
  }
  return mapping;
}

/** A member's corrected mapping for the same header replaces the detected one. */
async function withRememberedMapping<Sheet extends Omit<BomSheet, 'rows'>>(deps: BomDeps, userId: number | null, sheet: Sheet): Promise<Sheet> {
  if (userId === null) return sheet;
  const stored = await findColumnMapping(deps.db, userId, headerKeyOf(sheet.headers));
  if (stored === undefined) return sheet;
  const mapping = fittingMapping(JSON.parse(stored), sheet.headers.length);
  return mapping ? { ...sheet, mapping, mappingSource: 'remembered' } : sheet;
}

/** An uploaded file as read in a worker: the sheet but its rows, and the rows as JSON (bom-work.worker.ts). */
export interface UploadedBomSheet {
  sheet: Omit<BomSheet, 'rows'>;
  rowsJson: Uint8Array;
}

/** The bytes of the sheet as the page sends it back with each match and save (headers, rows, mapping: all of it). */
function sheetBytesOf(sheet: Omit<BomSheet, 'rows'>, rowsJson: Uint8Array): number {
  const { fileName, sheetName, headerRowIndex, headers, mapping } = sheet;
  const rest = JSON.stringify({ fileName, sheetName, headerRowIndex, headers, mapping, rows: null });
  return Buffer.byteLength(rest) - 'null'.length + rowsJson.byteLength;
}

/**
 * Reads an upload in a worker thread within the file's and the address's CPU budgets. A file the reader chokes on
 * (junk renamed .xlsx) is unreadable to the buyer, never a server error; a sheet too large to be sent back to be
 * matched is refused now rather than at its first match.
 */
export async function readUploadedBom(
  deps: BomWorkDeps,
  visitor: { userId: number | null; address: string },
  fileName: string,
  bytes: Uint8Array,
): Promise<UploadedBomSheet> {
  if (!(await takeBomWorkSlice(deps, visitor.address))) throw new AppError(bomErrors.readingBudgetSpent);
  const read = await deps.work.readFile(visitor.address, { fileName, bytes, cpuBudgetMs: deps.config.bomWork.fileCpuMs });
  await chargeBomWork(deps, visitor.address, read.cpuMs);
  switch (read.kind) {
    case 'sheet':
      if (sheetBytesOf(read.sheet, read.rowsJson) > bomSheetBytesMax) throw new AppError(bomErrors.sheetTooLarge);
      return { sheet: await withRememberedMapping(deps, visitor.userId, read.sheet), rowsJson: read.rowsJson };
    case 'refused':
      throw new AppError(read.error);
    case 'failed':
      deps.logger.warn({ err: { message: read.message }, fileName, bytes: bytes.length }, 'BOM file unreadable');
      throw new AppError(bomErrors.fileUnreadable);
    case 'tooCostly':
      deps.logger.warn({ fileName, bytes: bytes.length, cpuMs: read.cpuMs }, 'BOM file read stopped at its CPU budget');
      throw new AppError(bomErrors.fileTooComplex);
    case 'ownerBusy':
      throw new AppError(requestErrors.tooFrequent);
    case 'busy':
      throw new AppError(requestErrors.busy);
  }
}

/** A quotation PDF drawn in a worker thread, or why there is none. */
export type QuotationPdfResult = { kind: 'pdf'; pdf: Buffer } | { kind: 'fontMissing'; message: string } | { kind: 'refused'; error: ErrorDefinition };

/** bomQuotationPdf in a worker thread, its CPU paid from the address's budget as a file's is. */
export async function drawQuotationPdf(
  deps: BomWorkDeps,
  address: string,
  quotation: { saved: SavedBom; priced: PricedBom; party: QuotationParty },
): Promise<QuotationPdfResult> {
  if (!(await takeBomWorkSlice(deps, address))) return { kind: 'refused', error: requestErrors.tooFrequent };
  const drawn = await deps.work.quotationPdf(address, { font: deps.config.pdfFont, ...quotation, now: Date.now() });
  await chargeBomWork(deps, address, drawn.cpuMs);
  switch (drawn.kind) {
    case 'pdf':
      return { kind: 'pdf', pdf: Buffer.from(drawn.bytes.buffer, drawn.bytes.byteOffset, drawn.bytes.byteLength) };
    case 'fontMissing':
      return drawn;
    case 'ownerBusy':
      return { kind: 'refused', error: requestErrors.tooFrequent };
    case 'busy':
    case 'tooCostly':
      return { kind: 'refused', error: requestErrors.busy };
  }
}

export function readPastedBom(deps: BomDeps, userId: number | null, text: string): Promise<BomSheet> {
  if (text.trim() === '') throw new AppError(bomErrors.pasteEmpty);
  return withRememberedMapping(deps, userId, readBomText(text));
}

function assertMappingFits(sheet: BomSheetInput) {
  if (!fittingMapping(sheet.mapping, sheet.headers.length)) throw new AppError(requestErrors.invalid, bomMessages.mappingInvalid);
}

/** Parses the sheet's lines with the options and matches them against the catalogue. */
async function matchSheet(deps: BomDeps, input: BomSheetInput, options: BomQuantityOptions): Promise<BomMatchResult & { sheet: BomSheet }> {
  assertMappingFits(input);
  if (!hasPartRole(input.mapping)) throw new AppError(bomErrors.mappingNeedsPart);
  const partLineCount = countPartLines(input);
  if (partLineCount > bomLimits.partLinesMax) throw new AppError(bomErrors.tooManyLines);
  const lines = bomLinesOf(input, options);
  if (lines.length === 0) throw new AppError(bomErrors.fileEmpty);
  const result = await matchBomLines(deps, lines);
  return { ...result, sheet: { ...input, mappingSource: 'detected', partLineCount, warnings: [] } };
}

/** Lines a program sends (the open platform's /open/v1/bom/match), matched as a sheet's lines are. */
export function matchBomLineInputs(context: BomMatchContext, lines: readonly BomLineInput[]): Promise<BomMatchResult> {
  return matchBomLines(context, lines);
}

/** bomCalls.match: a member's corrected mapping is remembered for the next file with the same header. */
export async function matchBom(
  deps: BomDeps,
  userId: number | null,
  request: { sheet: BomSheetInput; options: BomQuantityOptions; rememberMapping: boolean },
): Promise<BomMatchResult> {
  const { lines, summary } = await matchSheet(deps, request.sheet, request.options);
  if (request.rememberMapping && userId !== null) {
    await upsertColumnMapping(deps.db, userId, headerKeyOf(request.sheet.headers), JSON.stringify(request.sheet.mapping), Date.now());
  }
  return { lines, summary };
}

async function productsById(deps: BomDeps, productIds: readonly number[]): Promise<Map<number, ProductSummary>> {
  const products = await loadProductSummaries(deps.db, [...new Set(productIds)]);
  return new Map(products.map((product) => [product.productId, product]));
}

/** Matched again and priced now: prices and stock are re-read, the chosen lines priced as the cart prices them. */
async function priceSheet(
  deps: BomDeps,
  sheet: BomSheetInput,
  options: BomQuantityOptions,
  choices: readonly BomChoice[],
): Promise<PricedBom & { sheet: BomSheet }> {
  const matched = await matchSheet(deps, sheet, options);
  const products = await productsById(
    deps,
    choices.map((choice) => choice.productId),
  );
  return { ...pricedBomOf(matched.lines, matched.summary, purchasesOf(choices, products)), sheet: matched.sheet };
}

function storedSheetOf(sheet: BomSheetInput): string {
  const { fileName, sheetName, headerRowIndex, headers, rows, mapping } = sheet;
  return JSON.stringify({ fileName, sheetName, headerRowIndex, headers, rows, mapping });
}

export async function saveBom(
  deps: BomDeps,
  userId: number,
  request: { bomId?: number | undefined; name: string; sheet: BomSheetInput; options: BomQuantityOptions; choices: BomChoice[] },
): Promise<{ bomId: number }> {
  const priced = await priceSheet(deps, request.sheet, request.options, request.choices);
  const now = Date.now();
  const columns: BomColumns = {
    name: request.name,
    fileName: request.sheet.fileName,
    sheetJson: storedSheetOf(request.sheet),
    optionsJson: JSON.stringify(request.options),
    choicesJson: JSON.stringify(request.choices),
    lineCount: priced.summary.lineCount,
    matchedCount: priced.summary.matchedCount,
    matchRatePermille: permilleOf(priced.summary.matchRate),
    totalCents: priced.totalCents,
    updatedAt: now,
  };
  if (request.bomId === undefined) return { bomId: await insertBom(deps.db, userId, columns, now) };
  if (!(await updateBom(deps.db, userId, request.bomId, columns))) throw new AppError(bomErrors.notFound);
  return { bomId: request.bomId };
}

export async function listBoms(deps: Pick<ServiceDeps, 'db'>, userId: number, page: number): Promise<BomListData> {
  const [rows, total] = await Promise.all([
    findMemberBomPage(deps.db, userId, (page - 1) * bomListPageSize, bomListPageSize),
    countMemberBoms(deps.db, userId),
  ]);
  return {
    list: rows.map((row) => ({
      bomId: row.id,
      name: row.name,
      fileName: row.fileName,
      lineCount: row.lineCount,
      matchRate: row.matchRatePermille / 1000,
      totalCents: row.totalCents,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    })),
    total,
    page,
    pageSize: bomListPageSize,
  };
}

const storedShapes = bomRequests.save.shape;

/** The stored JSON read back through the same schemas the save call checked it with. */
function savedBomOf(row: BomRow): SavedBom {
  const sheet = storedShapes.sheet.parse(JSON.parse(row.sheetJson));
  return {
    bomId: row.id,
    name: row.name,
    sheet: { ...sheet, mappingSource: 'remembered', partLineCount: 0, warnings: [] },
    options: storedShapes.options.parse(JSON.parse(row.optionsJson)),
    choices: storedShapes.choices.parse(JSON.parse(row.choicesJson)),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The member's own BOM; another member's answers bom.notFound, as a deleted one does. */
/** A quotation names the BOM it came from only when it is the member's. */
export async function assertMemberBom(deps: Pick<ServiceDeps, 'db'>, userId: number, bomId: number): Promise<void> {
  if (!(await findMemberBom(deps.db, userId, bomId))) throw new AppError(bomErrors.notFound);
}

export async function loadSavedBom(deps: Pick<ServiceDeps, 'db'>, userId: number, bomId: number): Promise<SavedBom> {
  const row = await findMemberBom(deps.db, userId, bomId);
  if (!row) throw new AppError(bomErrors.notFound);
  const saved = savedBomOf(row);
  return { ...saved, sheet: { ...saved.sheet, partLineCount: countPartLines(saved.sheet) } };
}

export async function deleteBom(deps: Pick<ServiceDeps, 'db'>, userId: number, bomId: number): Promise<null> {
  if (!(await deleteMemberBom(deps.db, userId, bomId))) throw new AppError(bomErrors.notFound);
  return null;
}

/** For the exports: the member's saved BOM, matched and priced now. */
export async function loadPricedBom(deps: BomDeps, userId: number, bomId: number): Promise<{ saved: SavedBom; priced: PricedBom }> {
  const saved = await loadSavedBom(deps, userId, bomId);
  const priced = await priceSheet(deps, saved.sheet, saved.options, saved.choices);
  return { saved: { ...saved, sheet: priced.sheet }, priced };
}

/**
 * bomCalls.addToCart: each line through the cart's own add (its limits and pack rule), one at a
 * time; a line the cart refuses is listed with the cart's reason and the others still go in.
 */
export async function addBomToCart(deps: BomDeps, userId: number, items: readonly BomChoice[]): Promise<BomAddToCartResult> {
  const wanted = items.filter((item) => item.quantity > 0);
  if (wanted.length === 0) throw new AppError(bomErrors.nothingToAdd);
  const products = await productsById(
    deps,
    wanted.map((item) => item.productId),
  );
  const failures: BomCartFailure[] = [];
  let addedCount = 0;
  for (const item of wanted) {
    try {
      await addToCart(deps.db, userId, item.productId, item.quantity);
      addedCount += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failures.push({ lineNo: item.lineNo, productId: item.productId, code: products.get(item.productId)?.code ?? '', reason: error.msg });
    }
  }
  return { addedCount, failures, cartCount: await countCartLinesOf(deps.db, userId) };
}
