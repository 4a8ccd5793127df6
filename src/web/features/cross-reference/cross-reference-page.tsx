import { useState } from 'react';
import { crossReferenceMessages, type CrossReferencePageData, type CrossReferenceResult } from '../../../contract/cross-reference.ts';
import type { PageProps } from '../../pages/page-props.ts';
import { PageShell } from '../../shell/page-shell.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { CrossReferenceForm } from './cross-reference-form.tsx';
import { MatchList, PartLine } from './match-list.tsx';

function Answer({ result }: { result: CrossReferenceResult }) {
  const [isDomesticOnly, setIsDomesticOnly] = useState(false);
  const { found } = result;
  if (!found) {
    return (
      <section className="xref-missing" data-testid="xref-not-found">
        <h2 className="xref-section__title">{crossReferenceMessages.notFound}</h2>
        <p>目录中没有型号“{result.code}”，请核对拼写（不含空格的完整型号），或换一个型号再查。</p>
      </section>
    );
  }
  const byParameters = isDomesticOnly ? result.byParameters.filter((match) => match.part.isDomesticBrand) : result.byParameters;
  const domesticCount = result.byParameters.filter((match) => match.part.isDomesticBrand).length;
  return (
    <>
      <section className="xref-found" aria-labelledby="xref-found-title" data-testid="xref-found">
        <h2 id="xref-found-title" className="xref-section__title">
          查询型号
        </h2>
        <PartLine part={found} />
        <p className="xref-found__description">{found.description}</p>
        <p className="xref-note">{crossReferenceMessages.noPinTable}</p>
      </section>
      <section className="xref-section" aria-labelledby="xref-same-title" data-testid="xref-same-code">
        <h2 id="xref-same-title" className="xref-section__title">
          同型号（其他包装/其他品牌）<span className="xref-section__count">{result.sameCode.length}</span>
        </h2>
        <MatchList matches={result.sameCode} originalCode={found.code} emptyText="没有同型号的其他包装或其他品牌" />
      </section>
      <section className="xref-section" aria-labelledby="xref-param-title" data-testid="xref-by-parameters">
        <h2 id="xref-param-title" className="xref-section__title">
          参数替代 <span className="xref-section__count">{result.byParameters.length}</span>
        </h2>
        {result.notice ? (
          <p className="xref-empty">{result.notice}</p>
        ) : (
          <>
            <label className="xref-filter">
              <input type="checkbox" checked={isDomesticOnly} onChange={(event) => setIsDomesticOnly(event.target.checked)} data-testid="xref-domestic-only" />
              只看国产替代（{domesticCount}）
            </label>
            <MatchList
              matches={byParameters}
              originalCode={found.code}
              emptyText={isDomesticOnly ? '没有参数一致的国产替代' : '目录中没有参数一致（或更优）的同封装替代料'}
            />
          </>
        )}
      </section>
    </>
  );
}

/** /cross-reference?code=: 型号替代查询. */
export function CrossReferencePage({ shell, data }: PageProps<CrossReferencePageData>) {
  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: '型号替代查询' }]} />
      <div className="xref">
        <h1 className="xref__title">型号替代查询</h1>
        <p className="xref__intro">输入型号，查找同型号的其他包装、其他品牌，以及参数一致或更优的替代料（含国产替代），每一项都列出参数依据。</p>
        <CrossReferenceForm code={data.code} />
        {data.problem && (
          <p className="xref-problem" role="alert" data-testid="xref-problem">
            {data.problem}
          </p>
        )}
        {data.result && <Answer result={data.result} />}
      </div>
    </PageShell>
  );
}
