import { bomLineStatusLabels, type BomLineStatus, type BomMatchSummary } from '../../../../contract/bom.ts';
import type { PricedLine } from '../../bom/bom-choices.ts';

const statusOrder: readonly BomLineStatus[] = ['exact', 'recommended', 'multiple', 'none', 'notFitted'];

/** Above the cards: the lines by status, and 全选 of the lines that have a part. */
export function MobileBomSummary({
  summary,
  priced,
  onSelectAll,
}: {
  summary: BomMatchSummary;
  priced: readonly PricedLine[];
  onSelectAll: (isSelected: boolean) => void;
}) {
  const selectable = priced.filter((line) => line.part !== null);
  const isAllSelected = selectable.length > 0 && selectable.every((line) => line.choice.isSelected);
  const counts = statusOrder
    .filter((status) => summary.countsByStatus[status] > 0)
    .map((status) => `${bomLineStatusLabels[status]} ${summary.countsByStatus[status]}`);
  return (
    <div className="m-bom-summary">
      <label className="mb-bar__all">
        <input
          className="mb-check"
          type="checkbox"
          checked={isAllSelected}
          disabled={selectable.length === 0}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        全选
      </label>
      <p className="m-bom-summary__counts" data-testid="m-bom-summary">
        共 {summary.lineCount} 行：{counts.join(' · ')}
      </p>
    </div>
  );
}
