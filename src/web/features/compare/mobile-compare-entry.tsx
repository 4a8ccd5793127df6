import { compareHref, maxComparedParts } from '../../../contract/compare.ts';
import { CompareToggle } from './compare-toggle.tsx';
import { useComparedChoices } from './compare-store.ts';

/** The phone product page's 对比: the tick, how many are chosen, and the way to the phone's compare page once two are. */
export function MobileCompareEntry({ productId, code, basePath }: { productId: number; code: string; basePath: string }) {
  const choices = useComparedChoices();
  const ids = choices.map((choice) => choice.productId);
  return (
    <div className="m-compare-entry" data-testid="m-compare-entry">
      <CompareToggle productId={productId} code={code} className="m-compare-entry__toggle" />
      {choices.length >= 2 ? (
        <a className="m-compare-entry__go" href={`${basePath}${compareHref(ids)}`} data-testid="m-compare-go">
          已选 {choices.length}/{maxComparedParts}，去对比 ›
        </a>
      ) : (
        <span className="m-compare-entry__hint">勾选 2–{maxComparedParts} 个商品即可对比参数</span>
      )}
    </div>
  );
}

/** The phone compare page without ?ids=: the parts chosen on product pages, to compare or drop. */
export function MobileComparedChoices({ basePath }: { basePath: string }) {
  const choices = useComparedChoices();
  if (choices.length === 0) return null;
  return (
    <div className="m-compare-choices" data-testid="m-compare-choices">
      <p>已选择的商品：{choices.map((choice) => choice.code).join('、')}</p>
      {choices.length >= 2 && (
        <a className="mb-button mb-button--accent" href={`${basePath}${compareHref(choices.map((choice) => choice.productId))}`}>
          开始对比
        </a>
      )}
    </div>
  );
}
