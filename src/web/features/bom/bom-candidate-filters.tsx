import { usePageId } from '../../lib/page-ids.tsx';
import { candidateSortLabels, isCandidateSort, type CandidateFilters, type CandidateSort } from './bom-candidates.ts';

const sorts: CandidateSort[] = ['match', 'price', 'stock'];

/** The candidate lists' filters (有货, 国产, brand) and order (price, stock), for every line at once. */
export function BomCandidateFilters({
  filters,
  brands,
  onChange,
}: {
  filters: CandidateFilters;
  brands: readonly string[];
  onChange: (filters: CandidateFilters) => void;
}) {
  const brandId = usePageId();
  const sortId = usePageId();
  return (
    <div className="bom-filters" role="group" aria-label="候选商品筛选">
      <span className="bom-filters__label">候选筛选</span>
      <label className="bom-filters__check">
        <input type="checkbox" checked={filters.inStockOnly} onChange={(event) => onChange({ ...filters, inStockOnly: event.target.checked })} />
        仅看有货
      </label>
      <label className="bom-filters__check">
        <input type="checkbox" checked={filters.domesticOnly} onChange={(event) => onChange({ ...filters, domesticOnly: event.target.checked })} />
        仅看国产
      </label>
      <label className="bom-filters__field" htmlFor={brandId}>
        品牌
        <select id={brandId} value={filters.brand} onChange={(event) => onChange({ ...filters, brand: event.target.value })}>
          <option value="">全部品牌</option>
          {brands.map((brand) => (
            <option key={brand} value={brand}>
              {brand}
            </option>
          ))}
        </select>
      </label>
      <label className="bom-filters__field" htmlFor={sortId}>
        排序
        <select
          id={sortId}
          value={filters.sort}
          onChange={(event) => onChange({ ...filters, sort: isCandidateSort(event.target.value) ? event.target.value : 'match' })}
        >
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {candidateSortLabels[sort]}
            </option>
          ))}
        </select>
      </label>
      <span className="bom-filters__hint">点击各行“更换”查看候选商品</span>
    </div>
  );
}
