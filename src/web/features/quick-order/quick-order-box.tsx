import { quickOrderLimits, type QuickOrderResult } from '../../../contract/quick-order.ts';
import { usePageId } from '../../lib/page-ids.tsx';
import { useQuickOrder } from './use-quick-order.ts';

const example = 'STM32F103C8T6, 10\nLM358DR  100\nRC0603FR-0710KL*5000';

function QuickOrderReport({ result }: { result: QuickOrderResult }) {
  return (
    <div className="quick-order__report" role="status" data-testid="quick-order-report">
      <p className="quick-order__added">已加入购物车 {result.added.length} 种商品</p>
      {result.added.length > 0 && (
        <ul className="quick-order__list">
          {result.added.map((line) => (
            <li key={line.lineNo} data-testid="quick-order-added">
              {line.code} × {line.quantity}
              {line.quantity !== line.requestedQuantity && <span className="quick-order__note">（按起订量与整包数量调整，原填 {line.requestedQuantity}）</span>}
            </li>
          ))}
        </ul>
      )}
      {result.problems.length > 0 && (
        <>
          <p className="quick-order__failed">以下 {result.problems.length} 行未能加入，已留在输入框中，修改后可再次提交：</p>
          <ul className="quick-order__list quick-order__list--problems">
            {result.problems.map((problem) => (
              <li key={problem.lineNo} data-testid="quick-order-problem">
                第 {problem.lineNo} 行“{problem.text}”：{problem.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The desktop's and the mobile site's own button classes. */
const buttonClasses = {
  desktop: { submit: 'button button--accent', clear: 'link-button' },
  mobile: { submit: 'mb-button mb-button--accent', clear: 'mb-link' },
} as const;

/** 快速下单: lines of "型号, 数量" (or pasted from Excel) into the cart; the lines that did not go in are listed with why. */
export function QuickOrderBox({ variant = 'desktop' }: { variant?: keyof typeof buttonClasses }) {
  const classes = buttonClasses[variant];
  const order = useQuickOrder();
  const fieldId = usePageId();
  const isOver = order.lineCount > quickOrderLimits.linesMax;
  return (
    <section className="quick-order" aria-labelledby={`${fieldId}-title`} data-testid="quick-order">
      <h2 id={`${fieldId}-title`} className="quick-order__title">
        快速下单
      </h2>
      <label className="quick-order__hint" htmlFor={fieldId}>
        每行一个型号和数量，如“STM32F103C8T6, 10”；逗号、空格、Tab 或 * 分隔均可，可直接从 Excel 复制两列粘贴，最多 {quickOrderLimits.linesMax} 行。
      </label>
      <textarea
        id={fieldId}
        className="quick-order__text"
        rows={5}
        value={order.text}
        placeholder={example}
        maxLength={quickOrderLimits.textMax}
        onChange={(event) => order.setText(event.target.value)}
      />
      <div className="quick-order__actions">
        <span className={isOver ? 'quick-order__count quick-order__count--over' : 'quick-order__count'} data-testid="quick-order-count">
          已填写 {order.lineCount} 行{isOver ? `，超过 ${quickOrderLimits.linesMax} 行` : ''}
        </span>
        <button type="button" className={classes.clear} onClick={order.clear} disabled={order.isBusy}>
          清空
        </button>
        <button type="button" className={classes.submit} onClick={() => void order.submit()} disabled={order.isBusy || isOver}>
          {order.isBusy ? '正在加入…' : '加入购物车'}
        </button>
      </div>
      {order.result && <QuickOrderReport result={order.result} />}
    </section>
  );
}
