import { singleColumnRoles, type PriceImportMapping, type PriceImportRole, type TierColumn } from '../../../contract/price-import.ts';
import { purchasingFields } from '../../../contract/purchasing.ts';
import { normalizeSpreadsheetHeader } from '../bom/spreadsheet.service.ts';
import { purchasingHeaderSynonyms } from './price-list-purchasing.ts';

/**
 * Column headers of supplier price lists (after the BOM tool's header normalisation), by role. Stock may be
 * several columns (one per warehouse); tiers are either "1+ / 10+ / 100+" columns or qty/price pairs.
 */
const synonyms: Record<PriceImportRole, readonly string[]> = {
  mpn: [
    'mpn',
    '型号',
    '规格型号',
    '厂家型号',
    '原厂型号',
    '制造商型号',
    '物料型号',
    '产品型号',
    '器件型号',
    'mfrpartno',
    'mfrpn',
    'manufacturerpartno',
    'manufacturerpart',
    'partno',
    'pn',
    '料号',
    '原厂料号',
    'model',
    // Distributors' exports, as their files spell them: LCSC "Manufacture Part Number", Mouser "Mfr. #:".
    'manufacturepartno',
    'mfrno',
  ],
  brand: ['品牌', '厂家', '厂商', '制造商', '生产厂家', '原厂', 'manufacturer', 'brand', 'mfr', 'mfg', 'maker', 'vendor'],
  storeCode: ['商品编号', '商品编码', '商城编号', '商品id', 'productid', 'storecode', 'skuid'],
  package: ['封装', '封装规格', '封装形式', 'package', 'footprint', 'case', 'packagecase'],
  description: ['描述', '说明', '产品描述', '商品描述', '名称', '商品名称', '品名', 'description', 'desc', 'productdescription'],
  stock: ['库存', '库存数量', '现货', '现货库存', '可用库存', '总库存', 'stock', 'instock', 'inventory', 'available', 'qtyavailable', 'stockqty'],
  packSize: [
    'mpq',
    'spq',
    '包装数量',
    '最小包装',
    '最小包装量',
    '标准包装',
    '标准包装数量',
    '包装量',
    '整包数量',
    '倍数',
    '订购倍数',
    '递增量',
    'multiple',
    'packqty',
    'packsize',
    'standardpack',
  ],
  moq: ['moq', '起订量', '最小起订量', '最小订购量', '最小起订', '起订数量', 'minimumorder', 'minqty', 'minimumorderquantity'],
  unitPrice: [
    '单价',
    '价格',
    '单价元',
    '含税单价',
    '含税价',
    '单价cny',
    '单价rmb',
    'price',
    'unitprice',
    'unitpricecny',
    'unitpricermb',
    '售价',
    // In dollars (LCSC "Unit Price($)", Mouser "Price (USD)"): recognised so the sheet is read, and refused row by row (price-list-rows.ts).
    'unitprice$',
    'unitpriceusd',
    'priceusd',
  ],
  ...purchasingHeaderSynonyms,
};

const roleOfHeader = new Map<string, PriceImportRole>();
for (const [role, headers] of Object.entries(synonyms) as [PriceImportRole, readonly string[]][]) {
  for (const header of headers) roleOfHeader.set(header, role);
}

/** Per-warehouse stock: "深圳仓", "江苏仓库存", "库存(深圳)", "Stock HK". */
function isWarehouseStock(normalized: string): boolean {
  return /库存|stock/.test(normalized) || /仓(库)?$/.test(normalized);
}

const shenzhen = /深圳|shenzhen|^sz|sz$|广东|华南/;
const jiangsu = /江苏|jiangsu|^js|js$|华东/;
const stockWords = /库存|数量|现货|可用|总|仓库|仓|在库|stock|qty|quantity|available|inventory|onhand/g;

/**
 * The warehouse a stock column fills, by its header: 深圳仓/深圳/SZ… → 'SZ', 江苏仓/江苏/JS… → 'JS'; a
 * plain stock column (库存, 可用库存, Stock, or a column staff mapped by hand) → 'SZ'; a header naming
 * another warehouse ("香港仓", "Stock HK") → null: the column is left out and reported on the header row.
 */
export function warehouseCodeOfStockHeader(header: string): 'SZ' | 'JS' | null {
  const normalized = normalizeSpreadsheetHeader(header);
  if (jiangsu.test(normalized)) return 'JS';
  if (shenzhen.test(normalized)) return 'SZ';
  const namesStock = /库存|仓|stock|qty|available|inventory/.test(normalized);
  const rest = normalized.replace(stockWords, '');
  return namesStock && rest !== '' ? null : 'SZ';
}

/** "1+", "≥10", ">=100", "1-9", "10~99", "100以上", "价格(1+)", "单价 10+", "Price @1000", "1pcs+". */
const quantityHeader =
  /^(?:[^\d]*?(?:价格|单价|price|价)\s*)?[(（[]?\s*(?:[≥>]=?|@)?\s*(\d[\d,]*)\s*(?:pcs|个|只|片)?\s*(?:\+|以上|及以上|[-~～]\s*\d[\d,]*)\s*(?:pcs|个|只|片)?\s*[)）\]]?\s*(?:价格|单价|price)?$/i;
const atQuantityHeader = /^(?:价格|单价|price)?\s*(?:[@≥]|>=?)\s*(\d[\d,]*)\s*(?:pcs)?$/i;

export function tierQuantityOfHeader(header: string): number | null {
  const text = header.normalize('NFKC').trim();
  const match = quantityHeader.exec(text) ?? atQuantityHeader.exec(text);
  if (!match) return null;
  const quantity = Number((match[1] ?? '').replace(/,/g, ''));
  return Number.isInteger(quantity) && quantity > 0 ? quantity : null;
}

const pairQuantity = /^(?:数量|阶梯数量|qty|quantity|qtybreak|break|pricebreakqty|起订量|阶梯)(\d{1,2})(?:数量|qty)?$/;
const pairPrice = /^(?:价格|单价|阶梯价格|阶梯价|price|unitprice|pricebreak)(\d{1,2})$|^阶梯(\d{1,2})(?:价格|单价)$/;

interface HeaderRead {
  roles: Map<PriceImportRole, number>;
  stockColumns: number[];
  tiers: TierColumn[];
  unknown: number;
}

function readHeaderRow(row: readonly string[]): HeaderRead {
  const roles = new Map<PriceImportRole, number>();
  const stockColumns: number[] = [];
  const headerTiers: TierColumn[] = [];
  const pairQty = new Map<number, number>();
  const pairPriceColumns = new Map<number, number>();
  let unknown = 0;
  row.forEach((cell, column) => {
    if (cell.trim() === '' || cell.length > 40) return;
    const normalized = normalizeSpreadsheetHeader(cell);
    const role = roleOfHeader.get(normalized);
    if (role === 'stock' || (role === undefined && isWarehouseStock(normalized))) {
      stockColumns.push(column);
      return;
    }
    if (role !== undefined) {
      if (!roles.has(role)) roles.set(role, column);
      return;
    }
    const quantity = tierQuantityOfHeader(cell);
    if (quantity !== null) {
      headerTiers.push({ priceColumn: column, qtyStart: quantity });
      return;
    }
    const qtyMatch = pairQuantity.exec(normalized);
    if (qtyMatch) {
      pairQty.set(Number(qtyMatch[1]), column);
      return;
    }
    const priceMatch = pairPrice.exec(normalized);
    if (priceMatch) {
      pairPriceColumns.set(Number(priceMatch[1] ?? priceMatch[2]), column);
      return;
    }
    unknown++;
  });
  const pairs: TierColumn[] = [...pairPriceColumns]
    .sort(([a], [b]) => a - b)
    .flatMap(([index, priceColumn]) => {
      const qtyColumn = pairQty.get(index);
      return qtyColumn === undefined ? [] : [{ priceColumn, qtyColumn }];
    });
  return { roles, stockColumns, tiers: headerTiers.length > 0 ? headerTiers : pairs, unknown };
}

export interface DetectedPriceListHeader {
  headerRowIndex: number;
  mapping: PriceImportMapping;
}

/** Title rows may sit above the header (a supplier's name and date): look this far. */
const headerScanRows = 30;

/** The header row among the first rows: it names the part number and at least one of price, stock or pack size. */
export function detectPriceListHeader(rows: readonly string[][]): DetectedPriceListHeader | null {
  let best: { index: number; score: number; read: HeaderRead } | null = null;
  for (let index = 0; index < Math.min(rows.length, headerScanRows); index++) {
    const read = readHeaderRow(rows[index] ?? []);
    if (!read.roles.has('mpn')) continue;
    const hasPurchasing = purchasingFields.some((field) => read.roles.has(field));
    const hasData = read.tiers.length > 0 || read.roles.has('unitPrice') || read.stockColumns.length > 0 || read.roles.has('packSize') || hasPurchasing;
    if (!hasData) continue;
    const score = read.roles.size * 2 + (read.tiers.length > 0 ? 2 : 0) + (read.stockColumns.length > 0 ? 2 : 0) - read.unknown;
    if (best === null || score > best.score) best = { index, score, read };
  }
  if (best === null) return null;
  const { roles, stockColumns, tiers } = best.read;
  const mapping: PriceImportMapping = { mpn: roles.get('mpn') ?? 0 };
  for (const role of singleColumnRoles) {
    const column = roles.get(role);
    if (column !== undefined) mapping[role] = column;
  }
  if (stockColumns.length > 0) mapping.stock = stockColumns;
  if (tiers.length > 0) mapping.tiers = tiers;
  return { headerRowIndex: best.index, mapping };
}
