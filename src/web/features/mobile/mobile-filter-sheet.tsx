import { usePageId } from '../../lib/page-ids.tsx';
import { useEffect, useRef, useState } from 'react';
import { productSortLabels, type AttributeFacet, type ChooseFilter, type ProductSort } from '../../../contract/catalog.ts';
import type { ListState } from '../../../contract/list-state.ts';
import { isValueSelected, toggleFilterValue } from '../catalog/choose-state.ts';

/** Values shown per facet before 更多. */
const shownValues = 12;
const sortOrder: ProductSort[] = [0, 1, 2, 3];

function FacetGroup({ facet, filter, onToggle }: { facet: AttributeFacet; filter: ChooseFilter; onToggle: (value: string) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const titleId = usePageId();
  const values = isOpen ? facet.values : facet.values.slice(0, shownValues);
  return (
    <fieldset className="m-sheet__group" aria-labelledby={titleId}>
      <legend id={titleId}>
        {facet.name}
        {facet.unit ? `（${facet.unit}）` : ''}
      </legend>
      <div className="m-sheet__values">
        {values.map((value) => (
          <button
            key={value.value}
            type="button"
            className="m-chip"
            aria-pressed={isValueSelected(filter, facet.key, value.value)}
            disabled={value.count === 0 && !isValueSelected(filter, facet.key, value.value)}
            onClick={() => onToggle(value.value)}
          >
            {value.label}
            <small>{value.count}</small>
          </button>
        ))}
        {facet.values.length > shownValues && (
          <button type="button" className="m-chip m-chip--more" aria-expanded={isOpen} onClick={() => setIsOpen(!isOpen)}>
            {isOpen ? '收起' : `更多（${facet.values.length}）`}
          </button>
        )}
      </div>
    </fieldset>
  );
}

interface FilterSheetProps {
  isOpen: boolean;
  state: ListState;
  facets: AttributeFacet[];
  onClose: () => void;
  /** 确定: the chosen selection, stock choice and sort. */
  onApply: (next: ListState) => void;
}

/**
 * 筛选 as a bottom sheet: a modal dialog (focus moves in and stays inside, Escape or the backdrop
 * closes it, focus returns to 筛选) holding a draft of stock, sort and the facets; 重置 clears
 * the draft, 确定 applies it.
 */
export function FilterSheet({ isOpen, state, facets, onClose, onApply }: FilterSheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState(state);
  const titleId = usePageId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) {
      setDraft(state);
      element.showModal();
    } else if (!isOpen && element.open) element.close();
    // The draft starts from the applied state each time the sheet opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen]);
  return (
    <dialog
      ref={dialog}
      className="m-sheet"
      aria-labelledby={titleId}
      data-testid="m-filter-sheet"
      onClose={onClose}
      onCancel={onClose}
      onClick={(event) => {
        // A tap on the backdrop lands on the dialog itself, outside its panel.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="m-sheet__panel">
        <div className="m-sheet__head">
          <h2 id={titleId}>筛选</h2>
          <button type="button" className="m-sheet__close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="m-sheet__body">
          <fieldset className="m-sheet__group">
            <legend>库存</legend>
            <div className="m-sheet__values">
              <button
                type="button"
                className="m-chip"
                aria-pressed={draft.stock === 1}
                onClick={() => setDraft({ ...draft, stock: draft.stock === 1 ? 0 : 1 })}
              >
                仅看现货
              </button>
            </div>
          </fieldset>
          <fieldset className="m-sheet__group">
            <legend>排序</legend>
            <div className="m-sheet__values">
              {sortOrder.map((sort) => (
                <button key={sort} type="button" className="m-chip" aria-pressed={draft.sort === sort} onClick={() => setDraft({ ...draft, sort })}>
                  {productSortLabels[sort]}
                </button>
              ))}
            </div>
          </fieldset>
          {facets.map((facet) => (
            <FacetGroup
              key={facet.key}
              facet={facet}
              filter={draft.filter}
              onToggle={(value) => setDraft({ ...draft, filter: toggleFilterValue(draft.filter, facet.key, value) })}
            />
          ))}
        </div>
        <div className="m-sheet__actions">
          <button type="button" className="m-sheet__reset" onClick={() => setDraft({ filter: {}, stock: 0, sort: 0, page: 1 })}>
            重置
          </button>
          <button type="button" className="m-sheet__apply" onClick={() => onApply({ ...draft, page: 1 })}>
            确定
          </button>
        </div>
      </div>
    </dialog>
  );
}
