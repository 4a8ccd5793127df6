import { mobileBuyPaths } from '../../contract/mobile-buy.ts';
import { purchaseListPath, purchaseListSourceLabels, type MobilePurchaseListDetail } from '../../contract/purchase-list.ts';
import { formatBeijingTime } from '../../contract/time.ts';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import { AddLinesBox } from '../features/purchase-list/add-lines-box.tsx';
import { ListChangeSummary } from '../features/purchase-list/list-change-summary.tsx';
import { MobileListLine } from '../features/purchase-list/mobile-list-line.tsx';
import { ReorderReport } from '../features/purchase-list/reorder-report.tsx';
import { usePurchaseList } from '../features/purchase-list/use-purchase-list.ts';
import type { PageProps } from './page-props.ts';

type ListState = ReturnType<typeof usePurchaseList>;

/** The bar above the tab bar: 全选, 移除 (lists the member may change), 加入购物车 of the ticked lines or of all. */
function ReorderBar({ state }: { state: ListState }) {
  const lineIds = state.detail.lines.map((line) => line.lineId);
  const selectedIds = lineIds.filter((id) => state.selected.has(id));
  const isAllSelected = lineIds.length > 0 && selectedIds.length === lineIds.length;
  return (
    <div className="mb-bar">
      <label className="mb-bar__all">
        <input
          className="mb-check"
          type="checkbox"
          checked={isAllSelected}
          onChange={(event) => state.setAll(event.target.checked ? lineIds : [])}
          disabled={state.isBusy}
        />
        全选
      </label>
      {state.detail.list.canChange && (
        <button type="button" className="mb-link" onClick={() => void state.removeLines(selectedIds)} disabled={state.isBusy}>
          移除
        </button>
      )}
      <span className="mb-bar__sum" />
      {selectedIds.length > 0 ? (
        <button type="button" className="mb-button mb-button--accent" onClick={() => void state.addToCart(selectedIds)} disabled={state.isBusy}>
          所选加入购物车({selectedIds.length})
        </button>
      ) : (
        <button type="button" className="mb-button mb-button--accent" onClick={() => void state.addToCart()} disabled={state.isBusy}>
          全部加入购物车
        </button>
      )}
    </div>
  );
}

/** /m/user/purchase-list/{id} (members): the lines with their saved and current price and stock, editable, reordered into the cart. */
export function MobilePurchaseListPage({ shell, data }: PageProps<MobilePurchaseListDetail>) {
  const { basePath } = data;
  const state = usePurchaseList(data);
  const { list, lines } = state.detail;
  return (
    <MobileFrame
      shell={shell}
      basePath={basePath}
      title={list.name}
      backHref={`${basePath}${purchaseListPath}`}
      bottomBar={lines.length > 0 ? <ReorderBar state={state} /> : undefined}
    >
      <section className="mb-card m-list-head">
        <p className="mb-muted">
          来源：{purchaseListSourceLabels[list.source]}
          {list.source === 'order' && list.sourceRef ? ` ${list.sourceRef}` : ''} · 保存于 {formatBeijingTime(list.createdAt)}
        </p>
        {list.isShared && <p className="m-list-card__shared">企业共享（{list.ownerName} 保存）</p>}
        {!list.canChange && (
          <p className="mb-warning" data-testid="list-read-only">
            这是企业共享的常购清单，您的角色只能查看和加入购物车，不能修改。
          </p>
        )}
        <ListChangeSummary detail={state.detail} className="m-list-summary" />
      </section>
      {state.report && <ReorderReport report={state.report} onClose={state.closeReport} cartHref={mobileBuyPaths(basePath).cart} />}
      {lines.length === 0 ? (
        <p className="mb-empty">{list.canChange ? '清单还没有商品，可在下方粘贴型号和数量添加。' : '清单还没有商品。'}</p>
      ) : (
        <ul className="m-list-lines" aria-label="清单商品">
          {lines.map((line) => (
            <MobileListLine
              key={line.lineId}
              line={line}
              basePath={basePath}
              isSelected={state.selected.has(line.lineId)}
              isBusy={state.isBusy}
              isReadOnly={!list.canChange}
              onSelect={(isOn) => state.toggle(line.lineId, isOn)}
              onChange={(change) => void state.updateLine(line, change)}
              onRemove={() => void state.removeLines([line.lineId])}
            />
          ))}
        </ul>
      )}
      {list.canChange && (
        <div className="mb-card m-list-add">
          <AddLinesBox isBusy={state.isBusy} isOpenAtFirst={lines.length === 0} onAdd={state.addLines} />
        </div>
      )}
    </MobileFrame>
  );
}
