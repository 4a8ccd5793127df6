import { isNumberRange, type AttributeFacet, type ChooseFilter } from '../../../contract/catalog.ts';

interface SelectedFiltersProps {
  facets: AttributeFacet[];
  filter: ChooseFilter;
  onRemoveValue: (key: string, value: string) => void;
  onClear: (key: string) => void;
  onClearAll: () => void;
}

function rangeLabel(facet: AttributeFacet | undefined, min: number | undefined, max: number | undefined): string {
  const labelOf = (num: number | undefined) => (num === undefined ? '不限' : (facet?.values.find((value) => value.valueNum === num)?.label ?? String(num)));
  return `${labelOf(min)} 至 ${labelOf(max)}`;
}

/** 已选条件: every chosen value as a removable chip, and 清空筛选. */
export function SelectedFilters({ facets, filter, onRemoveValue, onClear, onClearAll }: SelectedFiltersProps) {
  const entries = Object.entries(filter);
  if (entries.length === 0) return null;
  const facetOf = (key: string) => facets.find((facet) => facet.key === key);
  return (
    <div className="selected-filters">
      <span className="selected-filters__title">已选条件：</span>
      {entries.map(([key, selection]) => {
        const facet = facetOf(key);
        const name = facet?.name ?? '参数';
        if (isNumberRange(selection)) {
          return (
            <button key={key} type="button" className="selected-filters__chip" onClick={() => onClear(key)} aria-label={`移除${name}范围`}>
              {name}：{rangeLabel(facet, selection.min, selection.max)} <span aria-hidden="true">×</span>
            </button>
          );
        }
        return selection.map((value) => (
          <button
            key={`${key}-${value}`}
            type="button"
            className="selected-filters__chip"
            onClick={() => onRemoveValue(key, value)}
            aria-label={`移除${name} ${value}`}
          >
            {name}：{facet?.values.find((candidate) => candidate.value === value)?.label ?? value} <span aria-hidden="true">×</span>
          </button>
        ));
      })}
      <button type="button" className="link-button selected-filters__clear" onClick={onClearAll}>
        清空筛选
      </button>
    </div>
  );
}
