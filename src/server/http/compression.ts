import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * HTML and JSON are compressed on the fly above 1 kB: brotli at quality 4 (the library's default,
 * about gzip -6's cost for a smaller result), else gzip. On a 4G link (~1.6 Mbit/s in Lighthouse's
 * model) a 25 kB page saves ~100 ms of transfer for well under a millisecond of CPU. Built assets are
 * compressed once at build time (vite.config.ts) and served as they are (static-files.ts):
 * this hook leaves a reply that already carries a Content-Encoding alone.
 */
const compressibleType = /^(text\/|application\/(json|xml|javascript))/;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // The plain answer varies too: without it a shared cache could keep a plain page and hand it to every browser.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (compressibleType.test(String(reply.getHeader('content-type') ?? ''))) {
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/accept-encoding/i.test(vary)) reply.header('Vary', vary === '' ? 'Accept-Encoding' : `${vary}, Accept-Encoding`);
    }
    return payload;
  });
}
