import type { GridFilter, GridFilterValues } from './grid-types.ts';

/** The filter area: one control per filter, labelled; the grid decides when a change asks the server. */
export function GridFilters({
  filters,
  values,
  onChange,
}: {
  filters: readonly GridFilter[];
  values: GridFilterValues;
  onChange: (name: string, value: string, isTyping: boolean) => void;
}) {
  return (
    <div className="data-grid__filters" role="search">
      {filters.map((filter) => {
        const value = values[filter.name] ?? '';
        return (
          <label key={filter.name} className="data-grid__filter">
            <span>{filter.label}</span>
            {filter.kind === 'text' && (
              <input type="search" value={value} maxLength={filter.maxLength ?? 64} onChange={(event) => onChange(filter.name, event.target.value, true)} />
            )}
            {filter.kind === 'date' && <input type="date" value={value} onChange={(event) => onChange(filter.name, event.target.value, false)} />}
            {filter.kind === 'select' && (
              <select value={value} onChange={(event) => onChange(filter.name, event.target.value, false)}>
                <option value="">全部</option>
                {filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
            {filter.kind === 'custom' && filter.render(value, (next) => onChange(filter.name, next, false))}
          </label>
        );
      })}
    </div>
  );
}
