import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { CarrierCode } from '../../../contract/delivery.ts';
import type { OrderEvent } from '../../../contract/order.ts';
import { formatBeijingTimeSeconds, parseBeijingTimeSeconds } from '../../../contract/time.ts';
import type { OrderConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { findOrderEvents } from './order.repository.ts';

/** What a tracking provider is asked about: a shipped order's parcel. */
export interface TrackedOrder {
  orderId: number;
  carrierCode: string;
  trackingNo: string | null;
  /** The receiver's phone: SF asks for its last four digits. */
  receiverPhone: string;
}

/** The parcel's journey, newest first. */
export interface TrackingProvider {
  queryTracking(order: TrackedOrder): Promise<OrderEvent[]>;
}

const logisticsKinds = new Set(['shippedPart', 'shipped', 'tracking', 'completed']);

function eventOf(at: number, text: string): OrderEvent {
  return { at, atStr: formatBeijingTimeSeconds(at), text };
}

function newestFirst(events: OrderEvent[]): OrderEvent[] {
  return [...events].sort((a, b) => b.at - a.at);
}

/** The default: the shipping events the store recorded (shipped, tracking lines, completed). */
export function storeTrackingProvider(db: Kysely<Database>): TrackingProvider {
  return {
    async queryTracking(order) {
      const rows = await findOrderEvents(db, order.orderId);
      return newestFirst(rows.filter((row) => logisticsKinds.has(row.kind)).map((row) => eventOf(row.at, row.text)));
    },
  };
}

/** Kuaidi100's company codes of our carriers. */
const kuaidi100Companies: Partial<Record<string, string>> = {
  [CarrierCode.sf]: 'shunfeng',
  [CarrierCode.jd]: 'jd',
  [CarrierCode.zto]: 'zhongtong',
  [CarrierCode.yto]: 'yuantong',
};

interface Kuaidi100Answer {
  message?: string;
  status?: string;
  data?: { time?: string; ftime?: string; context?: string }[];
}

const requestTimeoutMs = 5000;

export function kuaidi100Sign(param: string, key: string, customer: string): string {
  return createHash('md5').update(`${param}${key}${customer}`).digest('hex').toUpperCase();
}

/**
 * Kuaidi100's real-time query (实时快递查询: POST form customer, sign = MD5(param + key + customer)
 * upper-case, param JSON) merged with the store's own events. Any failure (network, timeout, an
 * answer without data) falls back to the store's events alone, logged as a warning.
 */
export function kuaidi100TrackingProvider(
  settings: NonNullable<OrderConfig['kuaidi100']>,
  fallback: TrackingProvider,
  logger: Logger,
  fetchImpl: typeof fetch = fetch,
): TrackingProvider {
  async function carrierEvents(order: TrackedOrder): Promise<OrderEvent[]> {
    const company = kuaidi100Companies[order.carrierCode];
    if (!company || !order.trackingNo) return [];
    const param = JSON.stringify({ com: company, num: order.trackingNo, phone: order.receiverPhone.slice(-4), resultv2: '0' });
    const body = new URLSearchParams({ customer: settings.customer, sign: kuaidi100Sign(param, settings.key, settings.customer), param });
    const response = await fetchImpl(settings.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    if (!response.ok) throw new Error(`kuaidi100 answered HTTP ${String(response.status)}`);
    const answer = (await response.json()) as Kuaidi100Answer;
    if (answer.status !== '200' || !Array.isArray(answer.data)) throw new Error(`kuaidi100: ${answer.message ?? 'no data'}`);
    return answer.data.flatMap((row) => {
      // Kuaidi100's times are Beijing wall-clock time, yyyy-MM-dd HH:mm:ss.
      const at = parseBeijingTimeSeconds((row.ftime ?? row.time ?? '').trim());
      return at === null || !row.context ? [] : [eventOf(at, row.context)];
    });
  }

  return {
    async queryTracking(order) {
      const own = await fallback.queryTracking(order);
      try {
        return newestFirst([...(await carrierEvents(order)), ...own]);
      } catch (error) {
        logger.warn({ err: error, trackingNo: order.trackingNo }, 'kuaidi100 query failed; answering from the store’s events');
        return own;
      }
    },
  };
}

export function createTrackingProvider(db: Kysely<Database>, config: OrderConfig, logger: Logger): TrackingProvider {
  const own = storeTrackingProvider(db);
  return config.kuaidi100 ? kuaidi100TrackingProvider(config.kuaidi100, own, logger) : own;
}
