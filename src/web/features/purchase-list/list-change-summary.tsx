import type { PurchaseListDetail } from '../../../contract/purchase-list.ts';

/** What changed since the list was saved, counted over its lines. */
export function ListChangeSummary({ detail, className = 'list-summary' }: { detail: PurchaseListDetail; className?: string }) {
  const count = (test: (line: PurchaseListDetail['lines'][number]) => boolean) => detail.lines.filter(test).length;
  return (
    <p className={className} data-testid="list-summary">
      共 <strong>{detail.lines.length}</strong> 种商品 · 涨价 <strong>{count((line) => line.priceChange?.direction === 'up')}</strong> 种 · 降价{' '}
      <strong>{count((line) => line.priceChange?.direction === 'down')}</strong> 种 · 缺货{' '}
      <strong>{count((line) => line.availability === 'outOfStock')}</strong> 种 · 下架 <strong>{count((line) => line.availability === 'delisted')}</strong> 种
    </p>
  );
}
