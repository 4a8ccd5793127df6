import { randomInt } from 'node:crypto';
import { formatBeijingDateStamp } from '../../../contract/time.ts';

/**
 * yymmdd (Beijing date) + 10 random digits: readable on the phone, unique by the orders.order_no
 * index (a clash is retried), and not guessable from a neighbour's number.
 */
export function newOrderNo(now: number): string {
  const date = formatBeijingDateStamp(now);
  const high = randomInt(0, 100_000);
  const low = randomInt(0, 100_000);
  return `${date}${String(high).padStart(5, '0')}${String(low).padStart(5, '0')}`;
}
