import { useState } from 'react';
import { countQuickOrderLines, quickOrderLimits, type QuickOrderProblem } from '../../../contract/quick-order.ts';
import { usePageId } from '../../lib/page-ids.tsx';
import { linesLeftAfter } from '../quick-order/use-quick-order.ts';

/** 添加商品: "型号, 数量" lines, read as the quick-order box reads them; the lines not added stay, with why. */
export function AddLinesBox({
  isBusy,
  isOpenAtFirst,
  onAdd,
}: {
  isBusy: boolean;
  /** An empty list opens with the box open. */
  isOpenAtFirst: boolean;
  onAdd: (text: string) => Promise<QuickOrderProblem[] | undefined>;
}) {
  const [isOpen] = useState(isOpenAtFirst);
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<QuickOrderProblem[]>([]);
  const fieldId = usePageId();
  const lineCount = countQuickOrderLines(text);
  async function add() {
    const left = await onAdd(text);
    if (!left) return;
    setProblems(left);
    setText(linesLeftAfter(text, left));
  }
  return (
    <details className="list-add" open={isOpen}>
      <summary>添加商品</summary>
      <label className="list-add__hint" htmlFor={fieldId}>
        每行一个型号和数量，如“LM358DR, 100”，可从 Excel 复制两列粘贴，最多 {quickOrderLimits.linesMax} 行。
      </label>
      <textarea
        id={fieldId}
        className="list-add__text"
        rows={4}
        value={text}
        maxLength={quickOrderLimits.textMax}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="list-add__actions">
        <span className="list-add__count">已填写 {lineCount} 行</span>
        <button
          type="button"
          className="button button--primary"
          disabled={isBusy || lineCount === 0 || lineCount > quickOrderLimits.linesMax}
          onClick={() => void add()}
        >
          添加到清单
        </button>
      </div>
      {problems.length > 0 && (
        <ul className="list-add__problems" role="status">
          {problems.map((problem) => (
            <li key={problem.lineNo}>
              第 {problem.lineNo} 行“{problem.text}”：{problem.reason}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
