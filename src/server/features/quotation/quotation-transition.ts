import type { Kysely } from 'kysely';
import { decide, targetOf, type Actor } from '../../../contract/lifecycle.ts';
import { quotationErrors, type QuotationStatus } from '../../../contract/quotation.ts';
import {
  quotationFactsOf,
  quotationLifecycle,
  quotationStateRefusals,
  type QuotationEvent,
  type QuotationFacts,
} from '../../../contract/quotation-lifecycle.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { claimFrom, refusalNow } from '../../lifecycle/lifecycle-guard.ts';
import { claimQuotation, expireDue, findQuotationById, type QuotationChanges } from './quotation.repository.ts';
import type { QuotationRow } from './quotation.tables.ts';

/**
 * Every status write of a quotation goes through here: the lifecycle's table decides
 * (contract/quotation-lifecycle.ts), and the write is one conditional update from the state the
 * actor saw (and the offer revision it saw), so a stale page or a concurrent actor is refused with
 * the state's wording or 询价单状态已被他人更改，请刷新后重试, never succeeds blind.
 */

/** What the actor's page showed. */
export interface QuotationSeen {
  from?: QuotationStatus | undefined;
  revision?: number | undefined;
}

export interface QuotationMove {
  quotationId: number;
  event: QuotationEvent;
  now: number;
  /** Absent for the store's own moves (an order lapsing). */
  actor?: Actor;
  /** A member acting on their own quotation: another member's is not found. */
  userId?: number;
  seen?: QuotationSeen;
  /** Columns set with the state. */
  changes?: Omit<QuotationChanges, 'status' | 'updatedAt'>;
  /** The move prices the offer (quote, requote): one more offer revision. */
  isRepriced?: boolean;
}

export interface QuotationChange {
  before: QuotationRow;
  after: QuotationRow;
}

/** The member's 接受报价 and 下单 of an expired or ordered offer answer that state's own errorCode (the settlement page keys on it). */
function refusalOf(event: QuotationEvent, state: QuotationStatus, error: AppError): AppError {
  const own = event === 'accept' || event === 'order' ? quotationStateRefusals[state] : undefined;
  return own ? new AppError(own) : error;
}

/** Throws the lifecycle's refusal unless `actor` may fire `event` on these facts. */
export function assertQuotationAllowed(event: QuotationEvent, facts: QuotationFacts, actor?: Actor): void {
  const verdict = decide(quotationLifecycle, event, facts, actor);
  if (!verdict.isAllowed) throw refusalOf(event, facts.state, new AppError(verdict.error, verdict.msg));
}

async function rowOrThrow(db: Kysely<Database>, quotationId: number, userId: number | undefined): Promise<QuotationRow> {
  const row = await findQuotationById(db, quotationId);
  if (!row || (userId !== undefined && row.userId !== userId)) throw new AppError(quotationErrors.notFound);
  return row;
}

/**
 * Moves a quotation by its lifecycle inside the caller's transaction: an offer past its validity
 * becomes 已过期 first (so the row says what pages show), then the actor and state are checked and
 * one conditional update from the state seen moves it. Throws the refusal; returns before and after.
 */
export async function moveQuotation(trx: Kysely<Database>, move: QuotationMove): Promise<QuotationChange> {
  const { quotationId, event, now, seen = {} } = move;
  await expireDue(trx, now, { quotationId });
  const before = await rowOrThrow(trx, quotationId, move.userId);
  assertQuotationAllowed(event, quotationFactsOf(before, now), move.actor);
  const from = claimFrom(quotationLifecycle, event, seen.from);
  if (seen.revision !== undefined && seen.revision !== before.offerRevision) throw new AppError(quotationLifecycle.changedMeanwhile);
  const needsValidity = quotationLifecycle.events[event].guards?.some((guard) => guard.name === 'isValid') === true;
  const isMoved = await claimQuotation(
    trx,
    quotationId,
    { from, userId: move.userId, revision: seen.revision, validAt: needsValidity ? now : undefined },
    { ...move.changes, status: targetOf(quotationLifecycle, event, before.status), updatedAt: now },
    move.isRepriced,
  );
  if (!isMoved) {
    const current = await rowOrThrow(trx, quotationId, move.userId);
    const facts = quotationFactsOf(current, now);
    throw refusalOf(event, facts.state, refusalNow(quotationLifecycle, event, facts, seen.from));
  }
  return { before, after: await rowOrThrow(trx, quotationId, move.userId) };
}
