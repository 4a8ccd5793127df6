import { useState } from 'react';
import { purchaseListDetailPath, purchaseListLimits, purchaseListSourceLabels, type PurchaseListSummary } from '../../../contract/purchase-list.ts';
import { formatBeijingTime } from '../../../contract/time.ts';

interface SummaryRowProps {
  list: PurchaseListSummary;
  isRenaming: boolean;
  isBusy: boolean;
  onRenameStart: () => void;
  onRenameCancel: () => void;
  onRename: (name: string) => void;
  onDelete: () => void;
}

/** 来源: the label, with the order number for a list saved from an order. */
export function sourceText(list: PurchaseListSummary): string {
  const label = purchaseListSourceLabels[list.source];
  return list.source === 'order' && list.sourceRef ? `${label} ${list.sourceRef}` : label;
}

/** One list: its name (a field while renaming), parts, where it came from, when changed, and what can be done with it. */
export function PurchaseListSummaryRow({ list, isRenaming, isBusy, onRenameStart, onRenameCancel, onRename, onDelete }: SummaryRowProps) {
  const [name, setName] = useState(list.name);
  return (
    <tr className="purchase-lists__row" data-testid="purchase-list-row" data-list-id={list.listId}>
      <td>
        {isRenaming ? (
          <form
            className="purchase-lists__rename"
            onSubmit={(event) => {
              event.preventDefault();
              onRename(name);
            }}
          >
            <input value={name} maxLength={purchaseListLimits.nameMax} aria-label="清单名称" onChange={(event) => setName(event.target.value)} />
            <button type="submit" className="button button--primary button--small" disabled={isBusy}>
              保存
            </button>
            <button type="button" className="link-button" onClick={onRenameCancel}>
              取消
            </button>
          </form>
        ) : (
          <>
            <a className="purchase-lists__name" href={purchaseListDetailPath(list.listId)}>
              {list.name}
            </a>
            {list.isShared && <span className="purchase-lists__shared">企业共享 · {list.ownerName}</span>}
          </>
        )}
      </td>
      <td>{list.lineCount} 种</td>
      <td>{sourceText(list)}</td>
      <td>{formatBeijingTime(list.updatedAt)}</td>
      <td className="purchase-lists__actions">
        <a href={purchaseListDetailPath(list.listId)}>查看</a>
        {list.canChange && (
          <>
            <button type="button" className="link-button" onClick={onRenameStart} disabled={isBusy}>
              重命名
            </button>
            <button type="button" className="link-button" onClick={onDelete} disabled={isBusy}>
              删除
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
