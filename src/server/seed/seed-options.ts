import type { Logger } from 'pino';

/** How much demo data to write, and where to say so. */
export interface SeedOptions {
  skus: number;
  logger?: Logger;
}
