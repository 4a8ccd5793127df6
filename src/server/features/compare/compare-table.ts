import { lifecycleLabels, type ProductParam, type ProductSummary } from '../../../contract/catalog.ts';
import type { CompareRow, CompareRowKind } from '../../../contract/compare.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { initialQuantityOf } from '../../../contract/pricing.ts';

/** A value a part does not have. */
export const noValue = '—';
/** Products carry their package as a column; a parameter of the same name would be the row twice. */
const packageParamName = '封装';

function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function tiersText(product: ProductSummary): string {
  if (product.priceTiers.length === 0) return '暂无报价';
  return product.priceTiers.map((tier) => `${groupDigits(tier.qtyStart)}+  ${formatUnitPriceE4(tier.priceE4)}`).join('\n');
}

function rowOf(key: string, label: string, values: string[], kind: CompareRowKind = 'text'): CompareRow {
  return { key, label, kind, values, isDifferent: values.length > 1 && new Set(values).size > 1 };
}

export interface ComparedPart {
  product: ProductSummary;
  params: ProductParam[];
}

/** Every parameter any of the parts has, in the order they first appear (each part's in its category's order). */
function paramColumnsOf(parts: readonly ComparedPart[]): { attributeId: number; name: string }[] {
  const columns = new Map<number, string>();
  for (const { params } of parts)
    for (const param of params) if (param.name !== packageParamName && !columns.has(param.attributeId)) columns.set(param.attributeId, param.name);
  return [...columns].map(([attributeId, name]) => ({ attributeId, name }));
}

/** The comparison's rows: the facts every part has, then every parameter any part has. */
export function compareRowsOf(parts: readonly ComparedPart[]): CompareRow[] {
  const products = parts.map((part) => part.product);
  const facts = [
    rowOf(
      'brand',
      '品牌',
      products.map((product) => product.brandName),
    ),
    rowOf(
      'package',
      '封装',
      products.map((product) => product.package || noValue),
    ),
    rowOf(
      'description',
      '描述',
      products.map((product) => product.description || noValue),
    ),
    rowOf(
      'lifecycle',
      '生命周期',
      products.map((product) => lifecycleLabels[product.lifecycle]),
    ),
    rowOf('tiers', '价格梯度（含税）', products.map(tiersText), 'tiers'),
    rowOf(
      'stock',
      '库存',
      products.map((product) => (product.stock > 0 ? groupDigits(product.stock) : '缺货')),
    ),
    rowOf(
      'minimum',
      '起订量',
      products.map((product) => groupDigits(initialQuantityOf(product))),
    ),
    rowOf(
      'pack',
      '包装数量',
      products.map((product) => groupDigits(product.packSize)),
    ),
  ];
  const params = paramColumnsOf(parts).map((column) =>
    rowOf(
      `param-${String(column.attributeId)}`,
      column.name,
      parts.map((part) => part.params.find((param) => param.attributeId === column.attributeId)?.valueText ?? noValue),
    ),
  );
  return [...facts, ...params];
}
