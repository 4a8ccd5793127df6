import { mobileBuyPaths } from '../../contract/mobile-buy.ts';
import { purchaseListDetailPath, type MobilePurchaseListsData } from '../../contract/purchase-list.ts';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import { ListConfirmDialog } from '../features/purchase-list/list-confirm-dialog.tsx';
import { MobileListCard } from '../features/purchase-list/mobile-list-card.tsx';
import { NewListForm } from '../features/purchase-list/new-list-form.tsx';
import { usePurchaseLists } from '../features/purchase-list/use-purchase-lists.ts';
import type { PageProps } from './page-props.ts';

/** /m/user/purchase-list (members): the member's and their company's shared 常购清单 as cards; new, rename, delete as on the desktop. */
export function MobilePurchaseListsPage({ shell, data }: PageProps<MobilePurchaseListsData>) {
  const { basePath } = data;
  const detailPathOf = (listId: number) => `${basePath}${purchaseListDetailPath(listId)}`;
  const state = usePurchaseLists(data, detailPathOf);
  const deleting = state.lists.find((list) => list.listId === state.deletingId);
  const paths = mobileBuyPaths(basePath);
  return (
    <MobileFrame shell={shell} basePath={basePath} title={`常购清单（${String(state.lists.length)}）`} backHref={paths.person}>
      <section className="mb-card" aria-label="新建清单">
        <NewListForm
          isBusy={state.isBusy}
          onCreate={(name) => void state.create(name)}
          className="m-list-new"
          buttonClassName="mb-button mb-button--primary mb-button--small"
        />
        <p className="mb-muted">在购物车、订单或 BOM 配单中“存为常购清单”；再次采购时显示保存后的价格和库存变化。</p>
      </section>
      {state.lists.length === 0 ? (
        <section className="mb-empty" data-testid="purchase-lists-empty">
          <p>您还没有常购清单</p>
          <a className="mb-button mb-button--primary" href={paths.cart}>
            去购物车保存
          </a>
        </section>
      ) : (
        <ul className="m-list-cards" aria-label="常购清单">
          {state.lists.map((list) => (
            <MobileListCard
              key={list.listId}
              list={list}
              href={detailPathOf(list.listId)}
              isRenaming={state.renamingId === list.listId}
              isBusy={state.isBusy}
              onRenameStart={() => state.setRenamingId(list.listId)}
              onRenameCancel={() => state.setRenamingId(null)}
              onRename={(name) => void state.rename(list.listId, name)}
              onDelete={() => state.setDeletingId(list.listId)}
            />
          ))}
        </ul>
      )}
      <ListConfirmDialog
        isOpen={deleting !== undefined}
        title="删除常购清单"
        message={`确定删除“${deleting?.name ?? ''}”吗？删除后不可恢复，购物车和订单不受影响。`}
        confirmLabel="删除"
        isBusy={state.isBusy}
        onConfirm={() => void state.confirmDelete()}
        onClose={() => state.setDeletingId(null)}
      />
    </MobileFrame>
  );
}
