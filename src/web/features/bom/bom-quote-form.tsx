import { usePageId } from '../../lib/page-ids.tsx';
import { useState } from 'react';
import { quotationLimits, quotationPaths } from '../../../contract/quotation.ts';
import type { PricedLine } from './bom-choices.ts';
import { quoteLinesOf, quoteScopeLabels, type QuoteScope } from './bom-quote-lines.ts';

interface QuoteFormProps {
  priced: readonly PricedLine[];
  isSending: boolean;
  quotationId: number | null;
  onSend: (scopes: readonly QuoteScope[], note: string) => Promise<boolean>;
  onClose: () => void;
}

const scopeOptions: QuoteScope[] = ['unmatched', 'selected'];

/**
 * 询价: the unmatched lines, the ticked lines, or both together, sent to the store in one request
 * with a note; then where to follow the request. The unmatched lines come ticked when there are any.
 */
export function BomQuoteForm({ priced, isSending, quotationId, onSend, onClose }: QuoteFormProps) {
  const noteId = usePageId();
  const counts = { unmatched: quoteLinesOf(priced, 'unmatched').length, selected: quoteLinesOf(priced, 'selected').length };
  const [chosen, setChosen] = useState<readonly QuoteScope[]>(counts.unmatched > 0 ? ['unmatched'] : ['selected']);
  const scopes = chosen.filter((scope) => counts[scope] > 0);
  const lineCount = quoteLinesOf(priced, scopes).length;
  const [note, setNote] = useState('');
  const [isSent, setIsSent] = useState(false);

  if (isSent && quotationId !== null) {
    return (
      <section className="bom-panel bom-quote" aria-label="询价" role="status">
        <p className="bom-quote__done">
          询价单已提交（编号 <span data-testid="bom-quotation-id">{quotationId}</span>），我们将在 1 个工作日内报价。
          <a href={quotationPaths.list}>查看我的询价</a>
        </p>
        <button type="button" className="link-button" onClick={onClose}>
          关闭
        </button>
      </section>
    );
  }

  return (
    <form
      className="bom-panel bom-quote"
      aria-label="询价"
      onSubmit={(event) => {
        event.preventDefault();
        void onSend(scopes, note).then((isDone) => setIsSent(isDone));
      }}
    >
      <h2 className="bom-panel__title">提交询价</h2>
      <fieldset className="bom-quote__scopes">
        <legend>询价物料</legend>
        {scopeOptions.map((option) => (
          <label key={option} className="bom-quote__scope">
            <input
              type="checkbox"
              name="bom-quote-scope"
              value={option}
              checked={chosen.includes(option) && counts[option] > 0}
              onChange={(event) => setChosen((current) => (event.target.checked ? [...current, option] : current.filter((entry) => entry !== option)))}
              disabled={counts[option] === 0}
            />
            {quoteScopeLabels[option]}（{counts[option]} 项）
          </label>
        ))}
        <p className="bom-quote__total" data-testid="bom-quote-count">
          本次询价共 {lineCount} 项
        </p>
      </fieldset>
      <label className="bom-quote__note" htmlFor={noteId}>
        备注（选填）
      </label>
      <textarea
        id={noteId}
        rows={3}
        maxLength={quotationLimits.noteMax}
        placeholder="如交期、品牌要求、可接受的替代料等"
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="bom-quote__actions">
        <button type="submit" className="button button--primary" disabled={isSending || lineCount === 0}>
          提交询价
        </button>
        <button type="button" className="button" onClick={onClose}>
          取消
        </button>
      </div>
    </form>
  );
}
