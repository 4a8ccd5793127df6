import { useState } from 'react';
import type { BomPageData } from '../../contract/bom.ts';
import { BomCartReport } from '../features/bom/bom-cart-bar.tsx';
import { BomInputPanel } from '../features/bom/bom-input-panel.tsx';
import { BomMappingTable } from '../features/bom/bom-mapping-table.tsx';
import { BomOptionsForm } from '../features/bom/bom-options-form.tsx';
import { BomQuoteForm } from '../features/bom/bom-quote-form.tsx';
import { BomResults } from '../features/bom/bom-results.tsx';
import { BomSaveBar } from '../features/bom/bom-save-bar.tsx';
import { useBomWorkspace } from '../features/bom/use-bom-workspace.ts';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

/** /bom (BOM配单): upload or paste a BOM, correct the column mapping, match, choose, optimise, add to the cart, save, quote. */
export function BomPage({ shell, data }: PageProps<BomPageData>) {
  const bom = useBomWorkspace(data);
  const { sheet, matching, actions } = bom;
  const result = matching.result;
  const [isQuoting, setIsQuoting] = useState(false);

  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: 'BOM配单' }]} />
      <section className="bom">
        <header className="bom__head">
          <h1 className="bom__title">BOM配单</h1>
          <p className="bom__lead">上传设计软件导出的 BOM 或粘贴型号清单，自动匹配现货、阶梯价与替代料，一键加入购物车或提交询价</p>
        </header>
        {sheet ? (
          <>
            <BomSaveBar
              name={bom.saved.name}
              bomId={bom.saved.bomId}
              isLoggedIn={data.isLoggedIn}
              isSaving={actions.busy === 'save'}
              onName={bom.setName}
              onSave={() => void actions.save(bom.saved.name)}
              onQuote={() => (data.isLoggedIn ? setIsQuoting(true) : void actions.requestQuote('unmatched', ''))}
              onStartOver={() => {
                setIsQuoting(false);
                bom.startOver();
              }}
            />
            <BomMappingTable sheet={sheet} problem={bom.mappingIssue} onChange={bom.setColumnRole} />
            <BomOptionsForm key={bom.generation} options={bom.options} onChange={bom.changeOptions} />
          </>
        ) : (
          <BomInputPanel upload={bom.upload} />
        )}
        {matching.isMatching && (
          <p className="bom__matching" role="status">
            正在匹配…
          </p>
        )}
        {matching.problem && (
          <p className="bom__problem" role="alert">
            {matching.problem}
          </p>
        )}
        {isQuoting && result && (
          <BomQuoteForm
            priced={bom.priced}
            isSending={actions.busy === 'quote'}
            quotationId={actions.quotationId}
            onSend={actions.requestQuote}
            onClose={() => setIsQuoting(false)}
          />
        )}
        {actions.cartResult && <BomCartReport result={actions.cartResult} onClose={actions.dismissCartResult} />}
        {result && sheet && <BomResults bom={bom} result={result} />}
      </section>
    </PageShell>
  );
}
