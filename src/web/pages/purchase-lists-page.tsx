import type { PurchaseListsData } from '../../contract/purchase-list.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { ListConfirmDialog } from '../features/purchase-list/list-confirm-dialog.tsx';
import { NewListForm } from '../features/purchase-list/new-list-form.tsx';
import { PurchaseListSummaryRow } from '../features/purchase-list/purchase-list-summary-row.tsx';
import { usePurchaseLists } from '../features/purchase-list/use-purchase-lists.ts';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

/** /user/purchase-list: the member's 常购清单, made from the cart, orders and BOMs, or by hand. */
export function PurchaseListsPage({ shell, data }: PageProps<PurchaseListsData>) {
  const state = usePurchaseLists(data);
  const deleting = state.lists.find((list) => list.listId === state.deletingId);
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/purchase-list">
        <section className="person-panel purchase-lists" aria-labelledby="purchase-lists-title">
          <header className="purchase-lists__head">
            <h1 id="purchase-lists-title" className="person-panel__title">
              常购清单（{state.lists.length}）
            </h1>
            <NewListForm isBusy={state.isBusy} onCreate={(name) => void state.create(name)} />
          </header>
          <p className="purchase-lists__intro">
            在购物车勾选商品、订单详情或 BOM
            配单中点“存为常购清单”即可保存。清单记录保存时的单价和库存，再次采购时显示变化，并按最小起订量和整包数量加入购物车。
          </p>
          {state.lists.length === 0 ? (
            <p className="purchase-lists__empty" data-testid="purchase-lists-empty">
              您还没有常购清单。<a href="/cart">去购物车保存</a>
            </p>
          ) : (
            <table className="purchase-lists__table">
              <thead>
                <tr>
                  <th scope="col">清单名称</th>
                  <th scope="col">商品</th>
                  <th scope="col">来源</th>
                  <th scope="col">更新时间</th>
                  <th scope="col">操作</th>
                </tr>
              </thead>
              <tbody>
                {state.lists.map((list) => (
                  <PurchaseListSummaryRow
                    key={list.listId}
                    list={list}
                    isRenaming={state.renamingId === list.listId}
                    isBusy={state.isBusy}
                    onRenameStart={() => state.setRenamingId(list.listId)}
                    onRenameCancel={() => state.setRenamingId(null)}
                    onRename={(name) => void state.rename(list.listId, name)}
                    onDelete={() => state.setDeletingId(list.listId)}
                  />
                ))}
              </tbody>
            </table>
          )}
        </section>
        <ListConfirmDialog
          isOpen={deleting !== undefined}
          title="删除常购清单"
          message={`确定删除“${deleting?.name ?? ''}”吗？删除后不可恢复，购物车和订单不受影响。`}
          confirmLabel="删除"
          isBusy={state.isBusy}
          onConfirm={() => void state.confirmDelete()}
          onClose={() => state.setDeletingId(null)}
        />
      </MemberCentreLayout>
    </PageShell>
  );
}
