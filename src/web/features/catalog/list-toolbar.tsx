import type { MouseEvent } from 'react';
import { productSortLabels, type ProductSort } from '../../../contract/catalog.ts';

interface ListToolbarProps {
  sort: ProductSort;
  isStockOnly: boolean;
  total: number;
  hrefFor: (change: { sort?: ProductSort; stock?: 0 | 1 }) => string;
  /** In-page lists: called instead of following the link. */
  onChange?: (change: { sort?: ProductSort; stock?: 0 | 1 }) => void;
}

const sorts = [0, 1, 2, 3] as const;

/** Sort tabs, the in-stock switch and the count, as links that carry the list state. */
export function ListToolbar({ sort, isStockOnly, total, hrefFor, onChange }: ListToolbarProps) {
  const follow = (change: { sort?: ProductSort; stock?: 0 | 1 }) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onChange || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onChange(change);
  };
  const stockChange = { stock: isStockOnly ? 0 : 1 } as const;
  return (
    <div className="list-toolbar">
      <div className="list-toolbar__sorts" role="group" aria-label="排序">
        {sorts.map((value) => (
          <a
            key={value}
            className={value === sort ? 'list-toolbar__sort list-toolbar__sort--active' : 'list-toolbar__sort'}
            href={hrefFor({ sort: value })}
            aria-current={value === sort ? 'true' : undefined}
            onClick={follow({ sort: value })}
          >
            {productSortLabels[value]}
          </a>
        ))}
      </div>
      <a
        className={isStockOnly ? 'list-toolbar__stock list-toolbar__stock--on' : 'list-toolbar__stock'}
        href={hrefFor(stockChange)}
        role="checkbox"
        aria-checked={isStockOnly}
        onClick={follow(stockChange)}
      >
        <span className="list-toolbar__box" aria-hidden="true">
          {isStockOnly ? '✓' : ''}
        </span>
        仅看有货
      </a>
      <span className="list-toolbar__total">
        共 <strong>{total}</strong> 个商品
      </span>
    </div>
  );
}
