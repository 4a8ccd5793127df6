import { useState } from 'react';
import { quotationDeskMessages, type QuotationDeskDetail, type QuotationDeskLine } from '../../../contract/console/quotation.ts';
import { quotationDeskCalls } from '../../../contract/console/quotation-calls.ts';
import type { BomCandidate } from '../../../contract/bom.ts';
import { ApiError } from '../../lib/api-client.ts';
import { callStaffApi } from '../staff/staff-api.ts';
import { offerLinesOf, useOfferDraft } from './use-offer-draft.ts';

function messageOf(failure: unknown): string {
  return failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试';
}

/** The state and offer revision the desk shows, sent with each change: a colleague's change meanwhile is refused. */
function seenOf(detail: QuotationDeskDetail) {
  return { from: detail.status, revision: detail.offerRevision };
}

type Changed = (next: QuotationDeskDetail, msg: string) => void;

/** 报价 or 重新报价: the lines' drafts, the validity date and note, and 发送. */
export function useOfferForm(detail: QuotationDeskDetail, defaultValidDate: string, isRequote: boolean, onSent: Changed) {
  const { drafts, change, choose } = useOfferDraft(detail, isRequote);
  const [validDate, setValidDate] = useState(defaultValidDate);
  const [staffNote, setStaffNote] = useState('');
  const [error, setError] = useState('');
  const [isSending, setSending] = useState(false);
  async function send() {
    const { lines, problem } = offerLinesOf(drafts);
    if (problem) {
      setError(problem);
      return;
    }
    setError('');
    setSending(true);
    try {
      const body = { quotationId: detail.id, validDate, staffNote, lines, ...seenOf(detail) };
      onSent(
        isRequote ? await callStaffApi(quotationDeskCalls.requote, body) : await callStaffApi(quotationDeskCalls.send, body),
        isRequote ? quotationDeskMessages.requoted : quotationDeskMessages.sent,
      );
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSending(false);
    }
  }
  return { drafts, change, choose, validDate, setValidDate, staffNote, setStaffNote, error, isSending, send };
}

export type OfferForm = ReturnType<typeof useOfferForm>;

/** Staff look a code up (a substitute); the first part found is chosen at once. */
export function usePartLookup(line: QuotationDeskLine, onChoose: (product: BomCandidate) => void) {
  const [code, setCode] = useState('');
  const [found, setFound] = useState<BomCandidate[] | null>(null);
  const [error, setError] = useState('');
  async function lookUp() {
    setError('');
    try {
      const parts = await callStaffApi(quotationDeskCalls.lookupPart, { code, quantity: line.quantity });
      setFound(parts);
      if (parts[0]) onChoose(parts[0]);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }
  return { code, setCode, found, error, lookUp };
}

/** 拒绝询价 / 关闭报价 with a reason the member sees. */
export function useCloseQuotation(detail: QuotationDeskDetail, onClosed: Changed) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  async function close() {
    setError('');
    try {
      onClosed(await callStaffApi(quotationDeskCalls.close, { quotationId: detail.id, reason, ...seenOf(detail) }), quotationDeskMessages.closed);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }
  return { reason, setReason, error, close };
}
