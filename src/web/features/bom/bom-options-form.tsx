import { usePageId } from '../../lib/page-ids.tsx';
import { useState } from 'react';
import { bomLimits, bomMessages, type BomQuantityOptions } from '../../../contract/bom.ts';

function wholeNumberIn(text: string, min: number, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/**
 * 套数, 备品 % and 合并相同物料: typed values are checked as they change and passed on only when
 * valid; the message says what is allowed.
 */
export function BomOptionsForm({ options, onChange }: { options: BomQuantityOptions; onChange: (options: BomQuantityOptions) => void }) {
  const boardsId = usePageId();
  const spareId = usePageId();
  const [boardsText, setBoardsText] = useState(String(options.boards));
  const [spareText, setSpareText] = useState(String(options.sparePercent));
  const boards = wholeNumberIn(boardsText, 1, bomLimits.boardsMax);
  const spare = wholeNumberIn(spareText, 0, bomLimits.sparePercentMax);

  return (
    <div className="bom-options" role="group" aria-label="数量设置">
      <label className="bom-options__field" htmlFor={boardsId}>
        套数
        <input
          id={boardsId}
          className="bom-options__input"
          inputMode="numeric"
          value={boardsText}
          aria-invalid={boards === null ? true : undefined}
          onChange={(event) => {
            setBoardsText(event.target.value);
            const value = wholeNumberIn(event.target.value, 1, bomLimits.boardsMax);
            if (value !== null) onChange({ ...options, boards: value });
          }}
        />
      </label>
      <label className="bom-options__field" htmlFor={spareId}>
        备品
        <input
          id={spareId}
          className="bom-options__input bom-options__input--short"
          inputMode="numeric"
          value={spareText}
          aria-invalid={spare === null ? true : undefined}
          onChange={(event) => {
            setSpareText(event.target.value);
            const value = wholeNumberIn(event.target.value, 0, bomLimits.sparePercentMax);
            if (value !== null) onChange({ ...options, sparePercent: value });
          }}
        />
        %
      </label>
      <label className="bom-options__check">
        <input type="checkbox" checked={options.mergeDuplicates} onChange={(event) => onChange({ ...options, mergeDuplicates: event.target.checked })} />
        合并相同物料
      </label>
      <span className="bom-options__hint">需求数量 = 单板用量 × 套数 ×（1 + 备品%），按最小包装向上取整</span>
      {(boards === null || spare === null) && (
        <p className="bom-options__problem" role="alert">
          {boards === null ? bomMessages.boardsInvalid : bomMessages.spareInvalid}
        </p>
      )}
    </div>
  );
}
