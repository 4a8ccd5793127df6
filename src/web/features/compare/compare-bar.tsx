import { compareHref, compareMessages, maxComparedParts } from '../../../contract/compare.ts';
import { clearComparedChoices, removeComparedChoice, useComparedChoices } from './compare-store.ts';

/** The floating bar of the parts ticked for comparison: remove one, 清空, 开始对比 (two or more). Hidden while none is ticked. */
export function CompareBar() {
  const choices = useComparedChoices();
  if (choices.length === 0) return null;
  const emptySlots = maxComparedParts - choices.length;
  return (
    <aside className="compare-bar" aria-label="商品对比栏" data-testid="compare-bar">
      <h2 className="compare-bar__title">
        商品对比 <span className="compare-bar__count">{`${String(choices.length)}/${String(maxComparedParts)}`}</span>
      </h2>
      <ul className="compare-bar__parts">
        {choices.map((choice) => (
          <li key={choice.productId} className="compare-bar__part" data-testid="compare-bar-part">
            <span className="compare-bar__code">{choice.code}</span>
            <button type="button" className="compare-bar__remove" aria-label={`移除 ${choice.code}`} onClick={() => removeComparedChoice(choice.productId)}>
              ×
            </button>
          </li>
        ))}
        {Array.from({ length: emptySlots }, (_, index) => (
          <li key={`slot-${String(index)}`} className="compare-bar__slot" aria-hidden="true">
            可再选一个
          </li>
        ))}
      </ul>
      <div className="compare-bar__actions">
        <button type="button" className="link-button" onClick={clearComparedChoices}>
          清空
        </button>
        {choices.length >= 2 ? (
          <a className="button button--accent" href={compareHref(choices.map((choice) => choice.productId))} data-testid="compare-start">
            开始对比
          </a>
        ) : (
          <span className="button compare-bar__start--disabled" aria-disabled="true" title={compareMessages.needTwo}>
            开始对比
          </span>
        )}
      </div>
    </aside>
  );
}
