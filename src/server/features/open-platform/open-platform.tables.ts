import type { Generated } from 'kysely';

export interface ApiKeysTable {
  id: Generated<number>;
  userId: number;
  name: string;
  /** SHA-256 (hex) of the key's secret. */
  secretHash: string;
  /** The secret, AES-256-GCM under a key derived from SESSION_SECRET: for checking signatures only. */
  secretCipher: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  /** 1: a sandbox key (its orders are sandbox orders: never fulfilled, seen only by sandbox keys). */
  isSandbox: Generated<number>;
}

export interface ApiKeyUsageTable {
  keyId: number;
  /** Beijing date, YYYY-MM-DD. */
  day: string;
  requestCount: number;
  /** Requests refused with 429 that day. */
  limitedCount: number;
}

export interface ApiKeyNoncesTable {
  keyId: number;
  nonce: string;
  expiresAt: number;
}

/** An Idempotency-Key of POST /open/v1/orders, kept 24 hours per member and environment. */
export interface ApiIdempotencyKeysTable {
  userId: number;
  isSandbox: number;
  idempotencyKey: string;
  /** What the order is placed under (orders.idempotency_key): one claim, one order, however many requests race. */
  claim: string;
  /** SHA-256 of the request body as parsed: the same key with another body is refused. */
  requestHash: string;
  /** The answer given, once the order was placed; null while the first request is placing it. */
  answerJson: string | null;
  createdAt: number;
  expiresAt: number;
}

/** A line of an API key's cart (/open/v1/cart): one per product. */
export interface ApiCartLinesTable {
  keyId: number;
  productId: number;
  quantity: number;
  customerPartNo: Generated<string>;
  createdAt: number;
  updatedAt: number;
}

export interface OpenPlatformTables {
  apiKeys: ApiKeysTable;
  apiKeyUsage: ApiKeyUsageTable;
  apiKeyNonces: ApiKeyNoncesTable;
  apiIdempotencyKeys: ApiIdempotencyKeysTable;
  apiCartLines: ApiCartLinesTable;
}
