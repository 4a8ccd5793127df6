import type { Kysely } from 'kysely';
import { contentDeskErrors, type ContentDraftKey, type ContentDraftState, type Drafted } from '../../../contract/console/content.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { findContentDraft, findContentDrafts, writeContentDraft, type ContentDraftRow } from './content-drafts.repository.ts';

/**
 * A piece of content edited as a draft (the site settings, the hot keywords, the friendly links, an ad):
 * how to read what the shop shows now and how to make a draft live. Banners and news have their own
 * is_published rows instead; both kinds meet in the console's preview of the home page.
 */
export interface DraftSubject<T> {
  key: ContentDraftKey;
  /** What the shop shows now; throws the piece's not-found error when it does not exist. */
  readLive(db: Kysely<Database>): Promise<T>;
  /** Writes the draft to the live tables, whose cache_versions triggers carry it to every process. */
  publish(db: Kysely<Database>, value: T): Promise<void>;
}

/** The stored draft; it was written by writeDraft of the same subject, so it has the subject's type. */
function storedDraftOf(row: ContentDraftRow | undefined): unknown {
  return row?.payload === null || row?.payload === undefined ? null : JSON.parse(row.payload);
}

export async function readDrafted<T>(db: Kysely<Database>, subject: DraftSubject<T>): Promise<Drafted<T>> {
  const [live, row] = await Promise.all([subject.readLive(db), findContentDraft(db, subject.key)]);
  return { live, draft: storedDraftOf(row) as T | null, revision: row?.revision ?? 0 };
}

/** Many pieces of one kind at once (every ad), each beside its draft. */
export async function draftedOf<T>(db: Kysely<Database>, lives: readonly { key: ContentDraftKey; live: T }[]): Promise<Drafted<T>[]> {
  const rows = await findContentDrafts(
    db,
    lives.map((each) => each.key),
  );
  return lives.map(({ key, live }) => ({ live, draft: storedDraftOf(rows.get(key)) as T | null, revision: rows.get(key)?.revision ?? 0 }));
}

/**
 * Saves the draft over the revision the editor loaded, inside the caller's transaction; the shop does
 * not see it. Two editors saving over the same revision: the second is told to reload.
 */
export async function writeDraft<T>(
  trx: Kysely<Database>,
  actor: StaffActor,
  subject: DraftSubject<T>,
  revision: number,
  value: T,
  now = Date.now(),
): Promise<Drafted<T>> {
  const [live, previous] = await Promise.all([subject.readLive(trx), findContentDraft(trx, subject.key)]);
  if (!(await writeContentDraft(trx, subject.key, revision, JSON.stringify(value), now))) throw new AppError(contentDeskErrors.staleEdit);
  await recordStaffChange(trx, {
    ...actor,
    action: 'draft',
    subject: 'Content',
    subjectId: subject.key,
    before: storedDraftOf(previous) ?? live,
    after: value,
    at: now,
  });
  return { live, draft: value, revision: revision + 1 };
}

export async function saveDraft<T>(
  db: Kysely<Database>,
  actor: StaffActor,
  subject: DraftSubject<T>,
  revision: number,
  value: T,
  now = Date.now(),
): Promise<Drafted<T>> {
  return withTransaction(db, (trx) => writeDraft(trx, actor, subject, revision, value, now));
}

/** The draft the editor previewed (its revision) and nothing else: a draft saved since, or published by another, is refused. */
async function takeDraft<T>(trx: Kysely<Database>, subject: DraftSubject<T>, revision: number, now: number): Promise<T> {
  const row = await findContentDraft(trx, subject.key);
  if ((row?.revision ?? 0) !== revision) throw new AppError(contentDeskErrors.staleEdit);
  const draft = storedDraftOf(row) as T | null;
  if (draft === null) throw new AppError(contentDeskErrors.draftMissing);
  // The revision decides a race: of two editors publishing (or one discarding) the same draft, one moves it on.
  if (!(await writeContentDraft(trx, subject.key, revision, null, now))) throw new AppError(contentDeskErrors.staleEdit);
  return draft;
}

/** 发布: the draft becomes what the shop shows, in one transaction with its audit entry. */
export async function publishDraft<T>(
  db: Kysely<Database>,
  actor: StaffActor,
  subject: DraftSubject<T>,
  revision: number,
  now = Date.now(),
): Promise<ContentDraftState> {
  return withTransaction(db, async (trx) => {
    const before = await subject.readLive(trx);
    const draft = await takeDraft(trx, subject, revision, now);
    await subject.publish(trx, draft);
    const after = await subject.readLive(trx);
    await recordStaffChange(trx, { ...actor, action: 'publish', subject: 'Content', subjectId: subject.key, before, after, at: now });
    return { revision: revision + 1 };
  });
}

/** 放弃草稿: the shop keeps what it shows. */
export async function discardDraft<T>(
  db: Kysely<Database>,
  actor: StaffActor,
  subject: DraftSubject<T>,
  revision: number,
  now = Date.now(),
): Promise<ContentDraftState> {
  return withTransaction(db, async (trx) => {
    const live = await subject.readLive(trx);
    const draft = await takeDraft(trx, subject, revision, now);
    await recordStaffChange(trx, { ...actor, action: 'discard', subject: 'Content', subjectId: subject.key, before: draft, after: live, at: now });
    return { revision: revision + 1 };
  });
}
