import { purchaseListDetailPath, purchaseListLimits, purchaseListMessages } from '../../../../contract/purchase-list.ts';
import { usePageId } from '../../../lib/page-ids.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { useSaveAsList } from '../../purchase-list/use-save-as-list.ts';

interface MobileSaveListProps {
  /** The cart's ticked lines: what the list is made of. */
  selectedCount: number;
  basePath: string;
  isDisabled: boolean;
}

/**
 * 存为常购清单 on the phone cart: the desktop's save (the same call, the same proposed name
 * 购物车 YYYY-MM-DD, a new list from the ticked lines) in a bottom sheet; once saved, a notice
 * 已保存 that stays until dismissed, with a link to the list's phone page.
 */
export function MobileSaveListSheet({ selectedCount, basePath, isDisabled }: MobileSaveListProps) {
  const save = useSaveAsList({ kind: 'cart' }, '');
  const titleId = usePageId();
  const fieldId = usePageId();
  const hintId = usePageId();
  const created = save.created;
  return (
    <>
      <section className="mb-card mb-save-list" aria-label="存为常购清单">
        <button
          type="button"
          className="mb-button mb-button--small"
          onClick={save.open}
          disabled={isDisabled || selectedCount === 0}
          data-testid="m-save-as-list"
        >
          存为常购清单
        </button>
        <span className="mb-muted">
          {selectedCount > 0 ? `将勾选的 ${String(selectedCount)} 种商品保存为常购清单，下次一键采购` : '勾选商品后可保存为常购清单'}
        </span>
      </section>
      <ModalDialog isOpen={save.isOpen && !created} onClose={save.close} className="m-sheet" labelledBy={titleId} closesOnBackdrop testId="m-save-list-sheet">
        <form
          className="m-sheet__panel"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save.save();
          }}
        >
          <div className="m-sheet__head">
            <h2 id={titleId}>存为常购清单</h2>
            <button type="button" className="m-sheet__close" aria-label="关闭" onClick={save.close}>
              ×
            </button>
          </div>
          <div className="m-sheet__body mb-save-list__body">
            <p className="mb-muted">新建一个常购清单，保存勾选的 {selectedCount} 种商品及其数量。</p>
            <label className="mb-save-list__field" htmlFor={fieldId}>
              清单名称
              <input
                id={fieldId}
                value={save.name}
                maxLength={purchaseListLimits.nameMax}
                enterKeyHint="done"
                aria-describedby={hintId}
                aria-invalid={save.error === purchaseListMessages.nameEmpty || undefined}
                onChange={(event) => save.setName(event.target.value)}
              />
            </label>
            <p id={hintId} className="mb-muted">
              清单会记录商品当前的单价和库存，再次采购时显示变化。
            </p>
            {save.error && (
              <p className="mb-save-list__error" role="alert">
                {save.error}
              </p>
            )}
          </div>
          <div className="m-sheet__actions">
            <button type="button" className="m-sheet__reset" onClick={save.close} disabled={save.isBusy}>
              取消
            </button>
            <button type="submit" className="m-sheet__apply" disabled={save.isBusy}>
              {save.isBusy ? '正在保存…' : '保存'}
            </button>
          </div>
        </form>
      </ModalDialog>
      <div className="mb-saved-live" role="status">
        {created && save.isOpen && (
          <div className="toast mb-saved-toast" data-testid="m-list-saved">
            <span>
              已保存：{created.lineCount} 种商品存入“{created.name}”
            </span>
            <a href={`${basePath}${purchaseListDetailPath(created.listId)}`}>查看清单 ›</a>
            <button type="button" className="mb-saved-toast__close" aria-label="关闭提示" onClick={save.close}>
              ×
            </button>
          </div>
        )}
      </div>
    </>
  );
}
