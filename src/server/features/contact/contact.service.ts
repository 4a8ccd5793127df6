import type { Kysely } from 'kysely';
import { graphCodeErrors } from '../../../contract/account.ts';
import {
  contactErrors,
  contactGraphCodeType,
  contactLimits,
  contactMessageStatusLabels,
  ContactMessageStatus,
  officeKindLabels,
  officeMapPath,
  OfficeKind,
  warehouseMapPath,
  type ContactForm,
  type ContactMessage,
  type ContactPageData,
  type ContactSendResponse,
  type Office,
} from '../../../contract/contact.ts';
import type { SiteFacts } from '../../../contract/site-facts.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { hashSid } from '../../http/session.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { checkGraphicCode } from '../account/graphic-code/graphic-code.service.ts';
import {
  claimContactMessageHandled,
  countContactMessages,
  findContactMessage,
  findContactMessagePage,
  findOffice,
  findOffices,
  insertContactMessage,
} from './contact.repository.ts';
import type { ContactMessageRow, ContactOfficeRow } from './contact.tables.ts';

const hour = 3600;

const keys = {
  ip: (ip: string) => `contact:ip:${ip}`,
  session: (sid: string) => `contact:sid:${hashSid(sid)}`,
};

function toOffice(row: ContactOfficeRow): Office {
  return {
    id: row.id,
    kind: row.kind,
    kindLabel: officeKindLabels[row.kind],
    name: row.name,
    address: row.address,
    phone: row.phone,
    hours: row.hours,
    mapUrl: officeMapPath(row.id),
  };
}

/**
 * /contact's offices, warehouses and form settings (its prose comes from the help centre's company pages group).
 * The warehouses are the site facts' (the warehouses table): an office row of kind warehouse would state them twice.
 */
export async function loadContactPage(db: Kysely<Database>, facts: SiteFacts): Promise<Omit<ContactPageData, 'prose'>> {
  const offices = (await findOffices(db)).filter((row) => row.kind === OfficeKind.office).map(toOffice);
  const warehouses = facts.warehouses.map((warehouse) => ({ ...warehouse, mapUrl: warehouseMapPath(warehouse.code) }));
  return { offices, warehouses, graphCodeType: contactGraphCodeType };
}

export async function findOfficeForMap(db: Kysely<Database>, id: number): Promise<ContactOfficeRow | undefined> {
  return findOffice(db, id);
}

export interface ContactSend {
  /** Trimmed and checked by the request schema. */
  form: ContactForm;
  graphCode: string | undefined;
  sid: string;
  ip: string;
  userId: number | null;
  now?: number;
}

/**
 * Stores a message of the contact form (待处理). Every send counts, refused or not: the address
 * has a hard hourly limit, and past a session's first send (or an address's third) in the hour
 * each send needs the graphic code of type contactGraphCodeType, which the check spends. Each
 * limit is one atomic consume of the counter store, so concurrent sends cannot slip under it.
 */
export async function sendContactMessage(deps: Pick<ServiceDeps, 'db' | 'counters'>, send: ContactSend): Promise<ContactSendResponse> {
  const now = send.now ?? Date.now();
  const address = await deps.counters.consume(keys.ip(send.ip), contactLimits.perIpPerHour, hour, now);
  if (!address.isAllowed) throw new AppError(contactErrors.tooFrequent);
  const session = await deps.counters.consume(keys.session(send.sid), contactLimits.freePerSessionPerHour, hour, now);
  if (!session.isAllowed || address.count > contactLimits.freePerIpPerHour) {
    if (send.graphCode === undefined) throw new AppError(graphCodeErrors.required);
    await checkGraphicCode(deps.db, { sid: send.sid, type: contactGraphCodeType, phone: '', answer: send.graphCode, now });
  }
  const id = await insertContactMessage(deps.db, {
    ...send.form,
    userId: send.userId,
    ip: send.ip,
    status: ContactMessageStatus.new,
    createdAt: now,
    handledAt: null,
  });
  return { id };
}

function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    company: row.company,
    message: row.message,
    status: row.status,
    statusLabel: contactMessageStatusLabels[row.status],
    createdAt: row.createdAt,
    handledAt: row.handledAt,
    handledBy: row.handledBy,
  };
}

export interface ContactMessagePage {
  total: number;
  page: number;
  pageSize: number;
  messages: ContactMessage[];
}

/** Staff's list (the operations console's page comes later): newest first, of one status or all. */
export async function listContactMessages(
  db: Kysely<Database>,
  query: { status: ContactMessageStatus | null; page: number; pageSize?: number },
): Promise<ContactMessagePage> {
  const pageSize = query.pageSize ?? 20;
  const total = await countContactMessages(db, query.status);
  const page = Math.min(Math.max(1, query.page), Math.max(1, Math.ceil(total / pageSize)));
  const rows = await findContactMessagePage(db, query.status, (page - 1) * pageSize, pageSize);
  return { total, page, pageSize, messages: rows.map(toContactMessage) };
}

/** Staff mark a message handled, once: a second mark (or a racing one) answers alreadyHandled. */
export async function markContactMessageHandled(
  db: Kysely<Database>,
  request: { id: number; handledBy: string; note?: string; now?: number },
): Promise<ContactMessage> {
  const handledBy = request.handledBy.trim();
  if (!handledBy) throw new AppError(contactErrors.handlerMissing);
  const isClaimed = await claimContactMessageHandled(db, request.id, handledBy, request.now ?? Date.now(), request.note?.trim() ?? '');
  const row = await findContactMessage(db, request.id);
  if (!row) throw new AppError(contactErrors.notFound);
  if (!isClaimed) throw new AppError(contactErrors.alreadyHandled);
  return toContactMessage(row);
}
