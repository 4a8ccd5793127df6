import type { PricedLine } from './bom-choices.ts';
import type { CandidateFilters } from './bom-candidates.ts';
import { BomLineRow } from './bom-line-row.tsx';
import type { BomLineChoices } from './use-bom-line-choices.ts';

/** The matched lines, one tbody each (the line and its optimiser, substitutes and candidates). */
export function BomLineTable({ priced, filters, choices }: { priced: readonly PricedLine[]; filters: CandidateFilters; choices: BomLineChoices }) {
  const selectable = priced.filter((line) => line.part !== null);
  const isAllSelected = selectable.length > 0 && selectable.every((line) => line.choice.isSelected);
  return (
    <table className="bom-lines" aria-label="BOM 匹配结果">
      <thead>
        <tr>
          <th scope="col" className="bom-line__check">
            <input type="checkbox" aria-label="全选" checked={isAllSelected} onChange={(event) => choices.setAllSelected(event.target.checked)} />
          </th>
          <th scope="col">行</th>
          <th scope="col">BOM 需求</th>
          <th scope="col">状态</th>
          <th scope="col">匹配商品</th>
          <th scope="col">库存</th>
          <th scope="col">数量</th>
          <th scope="col">单价 / 小计</th>
          <th scope="col">操作</th>
        </tr>
      </thead>
      {priced.map((line) => (
        <BomLineRow key={line.line.lineNo} priced={line} filters={filters} choices={choices} />
      ))}
    </table>
  );
}
