import { useState } from 'react';
import { purchaseListLimits, type PurchaseListSummary } from '../../../contract/purchase-list.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import { sourceText } from './purchase-list-summary-row.tsx';

interface MobileListCardProps {
  list: PurchaseListSummary;
  href: string;
  isRenaming: boolean;
  isBusy: boolean;
  onRenameStart: () => void;
  onRenameCancel: () => void;
  onRename: (name: string) => void;
  onDelete: () => void;
}

/** One list as a card: its name (a field while renaming), parts, source, when changed, shared by whom; 重命名 and 删除 when the member may. */
export function MobileListCard({ list, href, isRenaming, isBusy, onRenameStart, onRenameCancel, onRename, onDelete }: MobileListCardProps) {
  const [name, setName] = useState(list.name);
  return (
    <li className="mb-card m-list-card" data-testid="purchase-list-row" data-list-id={list.listId}>
      {isRenaming ? (
        <form
          className="m-list-card__rename"
          onSubmit={(event) => {
            event.preventDefault();
            onRename(name);
          }}
        >
          <input value={name} maxLength={purchaseListLimits.nameMax} aria-label="清单名称" onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="mb-button mb-button--primary mb-button--small" disabled={isBusy}>
            保存
          </button>
          <button type="button" className="mb-link" onClick={onRenameCancel}>
            取消
          </button>
        </form>
      ) : (
        <a className="m-list-card__name" href={href}>
          {list.name}
          <span className="m-list-card__count">{list.lineCount} 种 ›</span>
        </a>
      )}
      <p className="mb-muted">
        {sourceText(list)} · 更新于 {formatBeijingTime(list.updatedAt)}
      </p>
      {list.isShared && <p className="m-list-card__shared">企业共享 · {list.ownerName}</p>}
      {list.canChange && !isRenaming && (
        <div className="mb-actions">
          <button type="button" className="mb-link" onClick={onRenameStart} disabled={isBusy}>
            重命名
          </button>
          <button type="button" className="mb-link" onClick={onDelete} disabled={isBusy}>
            删除
          </button>
        </div>
      )}
    </li>
  );
}
