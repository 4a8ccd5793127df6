import { useState } from 'react';
import { countQuickOrderLines, quickOrderLimits, quickOrderMessages, type QuickOrderProblem, type QuickOrderResult } from '../../../contract/quick-order.ts';
import { quickOrderCalls } from '../../../contract/quick-order-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';
import { dispatchCartSummary } from '../cart/cart-events.ts';

/** The pasted lines that did not go in, so the box holds only what is left to correct. */
export function linesLeftAfter(text: string, problems: readonly QuickOrderProblem[]): string {
  const left = new Set(problems.map((problem) => problem.lineNo));
  return text
    .split(/\r\n|\r|\n/)
    .filter((_, index) => left.has(index + 1))
    .join('\n');
}

/**
 * The quick-order box: the text, the count of lines under it, and adding them. The cart page shows the
 * cart the call answers (dispatchCartSummary); the box keeps the lines that did not go in, with why.
 */
export function useQuickOrder() {
  const [text, setText] = useState('');
  const [result, setResult] = useState<QuickOrderResult | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const lineCount = countQuickOrderLines(text);

  async function submit() {
    const refusal = lineCount === 0 ? quickOrderMessages.empty : lineCount > quickOrderLimits.linesMax ? quickOrderMessages.tooManyLines : '';
    if (refusal) {
      showToast(refusal);
      return;
    }
    setIsBusy(true);
    try {
      const answer = await callApi(quickOrderCalls.add, { text });
      setResult(answer);
      setText(linesLeftAfter(text, answer.problems));
      dispatchCartSummary(answer.cart);
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
    } finally {
      setIsBusy(false);
    }
  }

  function clear() {
    setText('');
    setResult(null);
  }

  return { text, setText, lineCount, result, isBusy, submit, clear };
}
