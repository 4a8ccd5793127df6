import { isNumberRange, type AttributeFacet } from '../../../contract/catalog.ts';
import type { ListState } from '../../../contract/list-state.ts';
import { clearFilterKey, toggleFilterValue } from '../catalog/choose-state.ts';

interface AppliedChip {
  key: string;
  label: string;
  without: ListState;
}

/** Each applied choice as a chip, with the state that drops it. */
export function appliedChipsOf(state: ListState, facets: readonly AttributeFacet[]): AppliedChip[] {
  const chips: AppliedChip[] = [];
  if (state.stock === 1) chips.push({ key: 'stock', label: '仅看现货', without: { ...state, stock: 0, page: 1 } });
  for (const [key, selection] of Object.entries(state.filter)) {
    const facet = facets.find((candidate) => candidate.key === key);
    const name = facet?.name ?? (key === 'brand' ? '品牌' : '参数');
    if (isNumberRange(selection)) {
      const range = `${selection.min ?? ''}~${selection.max ?? ''}${facet?.unit ?? ''}`;
      chips.push({ key, label: `${name}：${range}`, without: { ...state, filter: clearFilterKey(state.filter, key), page: 1 } });
      continue;
    }
    for (const value of selection) {
      const label = facet?.values.find((candidate) => candidate.value === value)?.label ?? value;
      chips.push({ key: `${key}:${value}`, label: `${name}：${label}`, without: { ...state, filter: toggleFilterValue(state.filter, key, value), page: 1 } });
    }
  }
  return chips;
}

/** The applied filters as chips; tapping one removes it. */
export function AppliedFilters({ state, facets, hrefOf }: { state: ListState; facets: readonly AttributeFacet[]; hrefOf: (state: ListState) => string }) {
  const chips = appliedChipsOf(state, facets);
  if (chips.length === 0) return null;
  return (
    <ul className="m-applied" aria-label="已选条件" data-testid="m-applied-filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <a href={hrefOf(chip.without)} aria-label={`移除 ${chip.label}`}>
            {chip.label}
            <span aria-hidden="true"> ×</span>
          </a>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <a className="m-applied__clear" href={hrefOf({ ...state, filter: {}, stock: 0, page: 1 })}>
            清除全部
          </a>
        </li>
      )}
    </ul>
  );
}
