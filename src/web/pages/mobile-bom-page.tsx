import { useState } from 'react';
import { mobileBuyPaths, type MobileBomData } from '../../contract/mobile-buy.ts';
import { BomOptionsForm } from '../features/bom/bom-options-form.tsx';
import { useBomWorkspace } from '../features/bom/use-bom-workspace.ts';
import { MobileBomCartBar, MobileBomCartReport } from '../features/mobile/bom/mobile-bom-cart.tsx';
import { MobileBomInput } from '../features/mobile/bom/mobile-bom-input.tsx';
import { MobileBomLineCard } from '../features/mobile/bom/mobile-bom-line-card.tsx';
import { MobileBomMapping } from '../features/mobile/bom/mobile-bom-mapping.tsx';
import { MobileBomPartSheet } from '../features/mobile/bom/mobile-bom-part-sheet.tsx';
import { mobileBomToolPaths } from '../features/mobile/bom/mobile-bom-paths.ts';
import { MobileBomSummary } from '../features/mobile/bom/mobile-bom-summary.tsx';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import type { PageProps } from './page-props.ts';

/**
 * /m/bom (BOM配单 on a phone): the desktop tool's state and calls (useBomWorkspace) in one column:
 * paste or pick a file, the mapping in a line, 套数, the lines as cards with a bottom sheet to choose
 * another part, and the ticked lines into the cart from the bar above the tab bar.
 */
export function MobileBomPage({ shell, data }: PageProps<MobileBomData>) {
  const paths = mobileBuyPaths(data.basePath);
  const bom = useBomWorkspace(data, mobileBomToolPaths(data.basePath));
  const { sheet, matching, actions } = bom;
  const result = matching.result;
  const [sheetLineNo, setSheetLineNo] = useState<number | null>(null);
  const sheetLine = bom.priced.find((priced) => priced.line.lineNo === sheetLineNo) ?? null;
  const bottomBar =
    result && sheet ? <MobileBomCartBar totals={bom.totals} isAdding={actions.busy === 'cart'} onAdd={() => void actions.addToCart(true)} /> : undefined;

  return (
    <MobileFrame shell={shell} basePath={data.basePath} title="BOM配单" backHref={paths.home} bottomBar={bottomBar}>
      {sheet ? (
        <>
          <section className="mb-card m-bom-head" aria-label="当前 BOM">
            <p className="m-bom-head__name" data-testid="m-bom-name">
              {bom.saved.bomId === null && !sheet.fileName ? '粘贴的型号清单' : bom.saved.name || sheet.fileName}
            </p>
            <button
              type="button"
              className="mb-link"
              onClick={() => {
                setSheetLineNo(null);
                bom.startOver();
              }}
            >
              重新开始
            </button>
          </section>
          <MobileBomMapping key={bom.generation} sheet={sheet} problem={bom.mappingIssue} onChange={bom.setColumnRole} />
          <section className="mb-card m-bom-options" aria-label="数量设置">
            <BomOptionsForm key={bom.generation} options={bom.options} onChange={bom.changeOptions} />
          </section>
        </>
      ) : (
        <>
          <p className="m-bom-lead">粘贴型号清单或上传设计软件导出的 BOM，自动匹配现货、价格与替代料，一键加入购物车</p>
          <MobileBomInput upload={bom.upload} />
        </>
      )}
      {matching.isMatching && (
        <p className="mb-note" role="status">
          正在匹配…
        </p>
      )}
      {matching.problem && (
        <p className="mb-notice" role="alert">
          {matching.problem}
        </p>
      )}
      {actions.cartResult && <MobileBomCartReport result={actions.cartResult} cartPath={paths.cart} onClose={actions.dismissCartResult} />}
      {result && sheet && (
        <>
          <MobileBomSummary summary={result.summary} priced={bom.priced} onSelectAll={bom.lines.setAllSelected} />
          <ul className="m-bom-lines" aria-label="BOM 匹配结果">
            {bom.priced.map((priced) => (
              <MobileBomLineCard
                key={priced.line.lineNo}
                priced={priced}
                basePath={data.basePath}
                onSelect={(isSelected) => bom.lines.setSelected(priced.line.lineNo, isSelected)}
                onChoose={() => setSheetLineNo(priced.line.lineNo)}
              />
            ))}
          </ul>
        </>
      )}
      <MobileBomPartSheet priced={sheetLine} basePath={data.basePath} onChoose={bom.lines.choosePart} onClose={() => setSheetLineNo(null)} />
    </MobileFrame>
  );
}
