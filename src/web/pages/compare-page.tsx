import { useState } from 'react';
import { compareMessages, type CompareData } from '../../contract/compare.ts';
import { CompareTable } from '../features/compare/compare-table.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

/** /product/compare?ids=1,2,3: up to four parts side by side; 仅显示不同项 hides the rows where they agree. */
export function ComparePage({ shell, data }: PageProps<CompareData>) {
  const [isDifferentOnly, setIsDifferentOnly] = useState(false);
  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: '商品对比' }]} />
      <section className="compare" aria-labelledby="compare-title">
        <header className="compare__head">
          <h1 id="compare-title" className="compare__title">
            商品参数对比
          </h1>
          {data.parts.length > 1 && (
            <label className="compare__only-different">
              <input type="checkbox" checked={isDifferentOnly} onChange={(event) => setIsDifferentOnly(event.target.checked)} /> 仅显示不同项
            </label>
          )}
        </header>
        {data.parts.length > 1 && <p className="compare__legend">标 ● 并以底色标出的行，各商品的值不同。</p>}
        {data.isCut && <p className="compare__notice">{compareMessages.cut}</p>}
        {data.missingIds.length > 0 && <p className="compare__notice">{compareMessages.missing}</p>}
        {data.parts.length === 0 ? (
          <p className="compare__empty">
            还没有选择要对比的商品。请在搜索结果、分类列表或商品详情页勾选“对比”，最多4个。<a href="/catalogue">浏览分类</a>
          </p>
        ) : (
          <CompareTable data={data} isDifferentOnly={isDifferentOnly} qiniuImgAddress={shell.qiniuImgAddress} />
        )}
      </section>
    </PageShell>
  );
}
