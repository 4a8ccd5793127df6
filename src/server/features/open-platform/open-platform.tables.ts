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

export interface OpenPlatformTables {
  apiKeys: ApiKeysTable;
  apiKeyUsage: ApiKeyUsageTable;
  apiKeyNonces: ApiKeyNoncesTable;
}
