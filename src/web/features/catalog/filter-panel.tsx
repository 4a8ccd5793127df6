import { useState } from 'react';
import type { AttributeFacet, ChooseFilter, FacetValue, NumberRange } from '../../../contract/catalog.ts';
import { isValueSelected, rangeOf } from './choose-state.ts';

interface FilterPanelProps {
  facets: AttributeFacet[];
  filter: ChooseFilter;
  onToggle: (key: string, value: string) => void;
  onRange: (key: string, range: NumberRange) => void;
  onClear: (key: string) => void;
}

const collapsedValueCount = 14;

/** One row per attribute: its values with counts (other selections applied), ranges for numbers. */
export function FilterPanel({ facets, filter, onToggle, onRange, onClear }: FilterPanelProps) {
  const shown = facets.filter((facet) => facet.values.length > 0);
  if (shown.length === 0) return null;
  return (
    <section className="filter-panel" aria-label="参数筛选">
      {shown.map((facet) => (
        <FacetRow key={facet.key} facet={facet} filter={filter} onToggle={onToggle} onRange={onRange} onClear={onClear} />
      ))}
    </section>
  );
}

function FacetRow({ facet, filter, onToggle, onRange, onClear }: { facet: AttributeFacet } & Omit<FilterPanelProps, 'facets'>) {
  const [isExpanded, setIsExpanded] = useState(false);
  const selection = filter[facet.key];
  const hasSelection = selection !== undefined;
  const values = isExpanded ? facet.values : facet.values.slice(0, collapsedValueCount);
  const numericValues = facet.values.filter((value) => value.valueNum !== null);
  return (
    <div className="facet" data-facet={facet.key}>
      <div className="facet__name">{facet.name}</div>
      <div className="facet__body">
        <ul className={isExpanded ? 'facet__values facet__values--expanded' : 'facet__values'}>
          {values.map((value) => {
            const isSelected = isValueSelected(filter, facet.key, value.value);
            return (
              <li key={value.value}>
                <button
                  type="button"
                  className={isSelected ? 'facet__value facet__value--selected' : 'facet__value'}
                  aria-pressed={isSelected}
                  disabled={value.count === 0 && !isSelected}
                  onClick={() => onToggle(facet.key, value.value)}
                >
                  {value.label}
                  <span className="facet__count">{`(${value.count})`}</span>
                </button>
              </li>
            );
          })}
        </ul>
        {facet.valueKind === 'number' && numericValues.length > 1 && (
          <RangePicker
            key={JSON.stringify(rangeOf(filter, facet.key))}
            facet={facet}
            range={rangeOf(filter, facet.key)}
            onApply={(range) => onRange(facet.key, range)}
          />
        )}
      </div>
      <div className="facet__actions">
        {facet.values.length > collapsedValueCount && (
          <button type="button" className="link-button facet__more" onClick={() => setIsExpanded(!isExpanded)}>
            {isExpanded ? '收起' : `更多(${facet.values.length})`}
          </button>
        )}
        {hasSelection && (
          <button type="button" className="link-button facet__clear" onClick={() => onClear(facet.key)}>
            清除
          </button>
        )}
      </div>
    </div>
  );
}

/** One end of a range: 不限, or one of the attribute's known values (in its base unit). */
function BoundSelect({ label, value, options, onChange }: { label: string; value: string; options: FacetValue[]; onChange: (value: string) => void }) {
  return (
    <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">不限</option>
      {options.map((option) => (
        <option key={option.value} value={String(option.valueNum)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** From one known value to another: a range over the attribute's base unit. */
function RangePicker({ facet, range, onApply }: { facet: AttributeFacet; range: NumberRange | null; onApply: (range: NumberRange) => void }) {
  const options = facet.values.filter((value) => value.valueNum !== null);
  const [min, setMin] = useState(range?.min === undefined ? '' : String(range.min));
  const [max, setMax] = useState(range?.max === undefined ? '' : String(range.max));
  const toRange = (): NumberRange => ({ ...(min === '' ? {} : { min: Number(min) }), ...(max === '' ? {} : { max: Number(max) }) });
  const isInverted = min !== '' && max !== '' && Number(min) > Number(max);
  return (
    <div className="range-picker">
      <span className="range-picker__label">范围</span>
      <BoundSelect label={`${facet.name}最小值`} value={min} options={options} onChange={setMin} />
      <span className="range-picker__to">至</span>
      <BoundSelect label={`${facet.name}最大值`} value={max} options={options} onChange={setMax} />
      <button type="button" className="button button--small" disabled={isInverted} onClick={() => onApply(toRange())}>
        确定
      </button>
      {isInverted && <span className="range-picker__problem">最小值不能大于最大值</span>}
    </div>
  );
}
