import { useState } from 'react';
import { compareMessages, maxComparedParts, type MobileCompareData } from '../../contract/compare.ts';
import { CompareTable } from '../features/compare/compare-table.tsx';
import { MobileComparedChoices } from '../features/compare/mobile-compare-entry.tsx';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import type { PageProps } from './page-props.ts';

/**
 * /m/product/compare?ids=1,2,3: the desktop's table, side by side in a strip that scrolls sideways
 * (the labels stay at the left edge), so a value is read across the parts as on the desktop;
 * 仅显示不同项 hides the rows where they agree.
 */
export function MobileComparePage({ shell, data }: PageProps<MobileCompareData>) {
  const [isDifferentOnly, setIsDifferentOnly] = useState(false);
  const { basePath } = data;
  return (
    <MobileFrame shell={shell} basePath={basePath} title="商品参数对比" backHref={basePath || '/'}>
      <section className="m-compare" aria-label="商品参数对比">
        {data.parts.length > 1 && (
          <div className="m-compare__head">
            <label className="m-compare__only-different">
              <input type="checkbox" checked={isDifferentOnly} onChange={(event) => setIsDifferentOnly(event.target.checked)} /> 仅显示不同项
            </label>
            <span className="mb-muted">标 ● 的行各商品不同{data.parts.length > 2 ? '，左右滑动查看' : ''}</span>
          </div>
        )}
        {data.isCut && <p className="mb-notice">{compareMessages.cut}</p>}
        {data.missingIds.length > 0 && <p className="mb-notice">{compareMessages.missing}</p>}
        {data.parts.length === 0 ? (
          <div className="mb-empty">
            <p>还没有选择要对比的商品。在商品详情页勾选“对比”，最多{maxComparedParts}个。</p>
            <MobileComparedChoices basePath={basePath} />
            <a className="mb-button mb-button--primary" href={`${basePath}/catalogue`}>
              浏览分类
            </a>
          </div>
        ) : (
          <div className="m-compare__scroll" data-testid="m-compare-scroll">
            <CompareTable data={data} isDifferentOnly={isDifferentOnly} qiniuImgAddress={shell.qiniuImgAddress} basePath={basePath} />
          </div>
        )}
      </section>
    </MobileFrame>
  );
}
