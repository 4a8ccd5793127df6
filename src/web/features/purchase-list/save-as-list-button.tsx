import { purchaseListDetailPath, purchaseListLimits, type PurchaseListOrigin } from '../../../contract/purchase-list.ts';
import { usePageId } from '../../lib/page-ids.tsx';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { useSaveAsList } from './use-save-as-list.ts';

interface SaveAsListButtonProps {
  origin: PurchaseListOrigin;
  /** The BOM's or order's own name, proposed as the list's. */
  sourceName?: string;
  isDisabled?: boolean;
  className?: string;
}

/** 存为常购清单: names a new list in a dialog, saves it from the cart's ticked lines, an order or a saved BOM, and links to it. */
export function SaveAsListButton({ origin, sourceName = '', isDisabled = false, className = 'button' }: SaveAsListButtonProps) {
  const save = useSaveAsList(origin, sourceName);
  const titleId = usePageId();
  const fieldId = usePageId();
  return (
    <>
      <button type="button" className={className} onClick={save.open} disabled={isDisabled} data-testid="save-as-list">
        存为常购清单
      </button>
      <ModalDialog isOpen={save.isOpen} onClose={save.close} className="list-dialog" labelledBy={titleId} testId="save-as-list-dialog">
        <h2 id={titleId} className="list-dialog__title">
          存为常购清单
        </h2>
        {save.created ? (
          <>
            <p className="list-dialog__message" role="status">
              已将 {save.created.lineCount} 种商品保存到“{save.created.name}”。
            </p>
            <div className="list-dialog__actions">
              <button type="button" className="button" onClick={save.close}>
                关闭
              </button>
              <a className="button button--primary" href={purchaseListDetailPath(save.created.listId)}>
                查看清单
              </a>
            </div>
          </>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save.save();
            }}
          >
            <label className="list-dialog__field" htmlFor={fieldId}>
              清单名称
              <input id={fieldId} value={save.name} maxLength={purchaseListLimits.nameMax} onChange={(event) => save.setName(event.target.value)} />
            </label>
            <p className="list-dialog__hint">清单会记录商品当前的单价和库存，再次采购时显示变化。</p>
            {save.error && (
              <p className="list-dialog__error" role="alert">
                {save.error}
              </p>
            )}
            <div className="list-dialog__actions">
              <button type="button" className="button" onClick={save.close} disabled={save.isBusy}>
                取消
              </button>
              <button type="submit" className="button button--primary" disabled={save.isBusy}>
                {save.isBusy ? '正在保存…' : '保存'}
              </button>
            </div>
          </form>
        )}
      </ModalDialog>
    </>
  );
}
