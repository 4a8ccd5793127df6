import type { GridBulkAction } from './grid-types.ts';

/** Over the selected rows: how many, the actions the role may use, and 取消选择. */
export function BulkBar<Row>({
  selected,
  actions,
  isBusy,
  onRun,
  onClear,
}: {
  selected: number;
  actions: readonly GridBulkAction<Row>[];
  isBusy: boolean;
  onRun: (action: GridBulkAction<Row>) => void;
  onClear: () => void;
}) {
  if (selected === 0 || actions.length === 0) return null;
  return (
    <div className="data-grid__bulk" role="toolbar" aria-label="批量操作">
      <span>已选 {selected} 项</span>
      {actions.map((action) => (
        <button key={action.label} type="button" className="admin-button" disabled={isBusy} onClick={() => onRun(action)}>
          {action.label}
        </button>
      ))}
      <button type="button" className="admin-button admin-button--plain" disabled={isBusy} onClick={onClear}>
        取消选择
      </button>
    </div>
  );
}
