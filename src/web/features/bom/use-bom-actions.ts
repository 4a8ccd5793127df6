import { useState } from 'react';
import { bomMessages, type BomAddToCartResult } from '../../../contract/bom.ts';
import { bomCalls } from '../../../contract/bom-calls.ts';
import { quotationMessages } from '../../../contract/quotation.ts';
import { quotationCalls } from '../../../contract/quotation-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';
import { dispatchCartSet } from '../cart/cart-events.ts';
import { cartItemsOf, savedChoicesOf, type PricedLine } from './bom-choices.ts';
import { clearDraft, storeDraft, type BomDraft } from './bom-draft.ts';
import { sheetBodyOf } from './bom-mapping.ts';
import { quoteLinesOf, type QuoteScope } from './bom-quote-lines.ts';
import type { BomToolPaths } from './bom-tool-paths.ts';

export type BomAction = 'save' | 'cart' | 'quote';

interface ActionContext {
  isLoggedIn: boolean;
  paths: BomToolPaths;
  /** The work as it stands: kept across a login. */
  draft: () => BomDraft;
  priced: readonly PricedLine[];
  logInKeepingDraft: (draft: BomDraft) => void;
  onSaved: (bomId: number, name: string) => void;
}

/**
 * A member's call, or the way to log in: a visitor is sent to log in with the work kept. A
 * member's work is kept too while the call runs, so a session that ended meanwhile (the request
 * layer then goes to the login page) loses nothing; the kept work is dropped once the call succeeds.
 */
function useMemberRun(context: Pick<ActionContext, 'isLoggedIn' | 'draft' | 'logInKeepingDraft'>) {
  const [busy, setBusy] = useState<BomAction | null>(null);

  async function run<T>(action: BomAction, call: () => Promise<T>, onDone: (answer: T) => void): Promise<boolean> {
    const draft = context.draft();
    if (!context.isLoggedIn) {
      context.logInKeepingDraft(draft);
      return false;
    }
    storeDraft(draft);
    setBusy(action);
    try {
      onDone(await call());
      clearDraft();
      return true;
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
      return false;
    } finally {
      setBusy(null);
    }
  }

  return { busy, run };
}

/** Saving, adding to the cart and asking for a quotation: members' actions on the BOM. */
export function useBomActions(context: ActionContext) {
  const { busy, run } = useMemberRun(context);
  const [cartResult, setCartResult] = useState<BomAddToCartResult | null>(null);
  const [quotationId, setQuotationId] = useState<number | null>(null);

  function save(name: string) {
    const draft = context.draft();
    if (context.isLoggedIn && !name.trim()) {
      showToast(bomMessages.nameMissing);
      return Promise.resolve(false);
    }
    return run(
      'save',
      () =>
        callApi(bomCalls.save, {
          ...(draft.bomId === null ? {} : { bomId: draft.bomId }),
          name,
          sheet: sheetBodyOf(draft.sheet),
          options: draft.options,
          choices: savedChoicesOf(context.priced),
        }),
      ({ bomId }) => {
        window.history.replaceState(null, '', context.paths.edit(bomId));
        context.onSaved(bomId, name.trim());
        showToast('BOM 已保存');
      },
    );
  }

  function addToCart(onlySelected: boolean) {
    const items = cartItemsOf(context.priced, onlySelected);
    if (context.isLoggedIn && items.length === 0) {
      showToast(bomMessages.nothingToAdd);
      return Promise.resolve(false);
    }
    return run(
      'cart',
      () => callApi(bomCalls.addToCart, { items }),
      (result) => {
        setCartResult(result);
        dispatchCartSet(result.cartCount);
        showToast(
          result.failures.length === 0 ? `已将 ${result.addedCount} 种物料加入购物车` : `已加入 ${result.addedCount} 种，${result.failures.length} 种未能加入`,
        );
      },
    );
  }

  function requestQuote(scopes: QuoteScope | readonly QuoteScope[], note: string) {
    const lines = quoteLinesOf(context.priced, scopes);
    if (context.isLoggedIn && lines.length === 0) {
      showToast(quotationMessages.linesMissing);
      return Promise.resolve(false);
    }
    const { bomId } = context.draft();
    return run(
      'quote',
      () => callApi(quotationCalls.request, { ...(bomId === null ? {} : { bomId }), note, lines }),
      (answer) => {
        setQuotationId(answer.quotationId);
        showToast(quotationMessages.requested);
      },
    );
  }

  return {
    busy,
    cartResult,
    dismissCartResult: () => setCartResult(null),
    quotationId,
    save,
    addToCart,
    requestQuote,
  };
}

export type BomActions = ReturnType<typeof useBomActions>;
