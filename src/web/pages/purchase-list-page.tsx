import { purchaseListPath, purchaseListSourceLabels, type PurchaseListDetail } from '../../contract/purchase-list.ts';
import { formatBeijingTime } from '../../contract/time.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { AddLinesBox } from '../features/purchase-list/add-lines-box.tsx';
import { ListChangeSummary } from '../features/purchase-list/list-change-summary.tsx';
import { PurchaseListLineRow } from '../features/purchase-list/purchase-list-line-row.tsx';
import { ReorderReport } from '../features/purchase-list/reorder-report.tsx';
import { usePurchaseList } from '../features/purchase-list/use-purchase-list.ts';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

type ListState = ReturnType<typeof usePurchaseList>;

function ListToolbar({ state }: { state: ListState }) {
  const lineIds = state.detail.lines.map((line) => line.lineId);
  const isAllSelected = lineIds.length > 0 && lineIds.every((id) => state.selected.has(id));
  const selectedIds = lineIds.filter((id) => state.selected.has(id));
  return (
    <div className="list-toolbar">
      <label>
        <input type="checkbox" checked={isAllSelected} onChange={(event) => state.setAll(event.target.checked ? lineIds : [])} disabled={state.isBusy} /> 全选
      </label>
      {state.detail.list.canChange && (
        <button type="button" className="link-button" onClick={() => void state.removeLines(selectedIds)} disabled={state.isBusy}>
          移除所选
        </button>
      )}
      <span className="list-toolbar__spacer" />
      <button type="button" className="button" onClick={() => void state.addToCart(selectedIds)} disabled={state.isBusy || selectedIds.length === 0}>
        所选加入购物车（{selectedIds.length}）
      </button>
      <button type="button" className="button button--accent" onClick={() => void state.addToCart()} disabled={state.isBusy || lineIds.length === 0}>
        全部加入购物车
      </button>
    </div>
  );
}

/** /user/purchase-list/{id}: the lines with their saved and current price and stock, editable, and reordered into the cart. */
export function PurchaseListPage({ shell, data }: PageProps<PurchaseListDetail>) {
  const state = usePurchaseList(data);
  const { list, lines } = state.detail;
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/purchase-list">
        <section className="person-panel purchase-list" aria-labelledby="purchase-list-title">
          <header className="purchase-list__head">
            <h1 id="purchase-list-title" className="person-panel__title">
              {list.name}
            </h1>
            <a className="purchase-list__back" href={purchaseListPath}>
              ‹ 返回常购清单
            </a>
          </header>
          <p className="purchase-list__meta">
            来源：{purchaseListSourceLabels[list.source]}
            {list.source === 'order' && list.sourceRef ? ` ${list.sourceRef}` : ''} · 保存于 {formatBeijingTime(list.createdAt)} · 更新于{' '}
            {formatBeijingTime(list.updatedAt)}
            {list.isShared && ` · 企业共享（${list.ownerName} 保存）`}
          </p>
          {!list.canChange && (
            <p className="purchase-list__read-only" data-testid="list-read-only">
              这是企业共享的常购清单，您的角色只能查看和加入购物车，不能修改。
            </p>
          )}
          <ListChangeSummary detail={state.detail} />
          {state.report && <ReorderReport report={state.report} onClose={state.closeReport} />}
          <ListToolbar state={state} />
          <table className="list-table">
            <thead>
              <tr>
                <th scope="col" aria-label="选择" />
                <th scope="col">商品 / 品牌</th>
                <th scope="col">封装</th>
                <th scope="col">客户料号</th>
                <th scope="col">数量</th>
                <th scope="col">单价（保存时 → 现在）</th>
                <th scope="col">库存（保存时 → 现在）</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <PurchaseListLineRow
                  key={line.lineId}
                  line={line}
                  isSelected={state.selected.has(line.lineId)}
                  isBusy={state.isBusy}
                  isReadOnly={!list.canChange}
                  onSelect={(isOn) => state.toggle(line.lineId, isOn)}
                  onChange={(change) => void state.updateLine(line, change)}
                  onRemove={() => void state.removeLines([line.lineId])}
                />
              ))}
            </tbody>
          </table>
          {lines.length === 0 && <p className="purchase-list__empty">{list.canChange ? '清单还没有商品，可在下方粘贴型号和数量添加。' : '清单还没有商品。'}</p>}
          {list.canChange && <AddLinesBox isBusy={state.isBusy} isOpenAtFirst={lines.length === 0} onAdd={state.addLines} />}
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
