import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * HTML and JSON are compressed on the fly above 1 kB: brotli at quality 4 (the library's default,
 * about gzip -6's cost for a smaller result), else gzip. On a 4G link (~1.6 Mbit/s in Lighthouse's
 * model) a 25 kB page saves ~100 ms of transfer for well under a millisecond of CPU. Built assets are
 * compressed once at build time (vite.config.ts) and served as they are (static-files.ts):
 * this hook leaves a reply that already carries a Content-Encoding alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
