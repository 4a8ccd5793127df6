import type { Generated, Selectable } from 'kysely';
import type { WebhookDeliveryState } from '../../../contract/webhook.ts';

export interface WebhookEndpointsTable {
  id: Generated<number>;
  userId: number;
  url: string;
  /** WebhookEventType[] as JSON. */
  events: string;
  isActive: Generated<number>;
  /** Readable, not hashed: every delivery is signed with it and the member may see it again. */
  secret: string;
  secretRotatedAt: number;
  createdAt: number;
  updatedAt: number;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpointId: number;
  userId: number;
  /** The stable event id (evt_…): the same for every endpoint and for a replay. */
  eventId: string;
  eventType: string;
  /** The event id for the first delivery of an event to an endpoint (unique per endpoint); replay:<uuid> for replays. */
  dedupeKey: string;
  /** The JSON sent, as built when the event was picked up; a replay sends the same. */
  body: string;
  state: WebhookDeliveryState;
  attempts: Generated<number>;
  nextAttemptAt: number | null;
  /** While state is sending: the claiming process's lease; past it another process may claim again. */
  claimedUntil: number | null;
  lastAttemptAt: number | null;
  lastStatusCode: number | null;
  lastError: Generated<string>;
  replayOf: number | null;
  createdAt: number;
}

export interface WebhookCursorsTable {
  /** orderEvents (position: order_events.id) or quotations (position: quoted_at). */
  name: string;
  position: number;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

export interface WebhookTables {
  webhookEndpoints: WebhookEndpointsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  webhookCursors: WebhookCursorsTable;
}
