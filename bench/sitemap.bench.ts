/**
 * The sitemaps at 1M SKUs (the 1M-SKU SQLite file the search and choose benches share, under
 * data/bench/): the index's time, then every product sitemap streamed over HTTP, one after another,
 * with the process's peak RSS and heap sampled every 20 ms, plain and with brotli. The client
 * counts bytes and URLs as they arrive and keeps nothing, so the memory is the server's.
 * Writes bench/results/sitemap.md.
 *
 *   node --import tsx bench/sitemap.bench.ts      (BENCH_SQLITE, BENCH_SKUS to override)
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createBrotliDecompress } from 'node:zlib';
import { benchAppDeps, benchDatabasePath, prepareBenchDatabase } from './bench-kit.ts';
import { buildApp } from '../src/server/app.ts';
import { registerSeoFeature } from '../src/server/features/seo/seo.feature.ts';

interface Transfer {
  ms: number;
  bytesOnWire: number;
  bytes: number;
  urls: number;
  status: number;
}

/** GETs a URL, counting what arrives (decompressing brotli on the fly) without keeping it. */
function stream(url: string, isBrotli: boolean): Promise<Transfer> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const request = http.get(url, { headers: isBrotli ? { 'accept-encoding': 'br' } : {} }, (response) => {
      let bytesOnWire = 0;
      let bytes = 0;
      let urls = 0;
      let tail = '';
      response.on('data', (chunk: Buffer) => (bytesOnWire += chunk.length));
      const body = response.headers['content-encoding'] === 'br' ? response.pipe(createBrotliDecompress()) : response;
      body.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        const text = tail + chunk.toString('utf8');
        urls += text.split('<loc>').length - 1;
        tail = text.slice(-5);
        if (tail.includes('<loc>')) urls -= 1;
      });
      body.on('end', () => done({ ms: performance.now() - started, bytesOnWire, bytes, urls, status: response.statusCode ?? 0 }));
      body.on('error', fail);
    });
    request.on('error', fail);
  });
}

function memorySampler() {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  sample();
  const timer = setInterval(sample, 20);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakRss, peakHeap };
    },
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const { db, seededMs } = await prepareBenchDatabase();
  // Only the sitemaps: the search index and the choose indexes would add their own memory and CPU.
  const app = await buildApp(benchAppDeps(db, benchDatabasePath), { features: [registerSeoFeature] });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  global.gc?.();
  const baseline = process.memoryUsage();

  const indexMemory = memorySampler();
  const index = await stream(`${base}/public/sitemap.xml`, false);
  const indexPeak = indexMemory.stop();
  const indexBody = await new Promise<string>((done) =>
    http.get(`${base}/public/sitemap.xml`, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => done(text));
    }),
  );
  const productFiles = [...indexBody.matchAll(/<loc>[^<]*(\/public\/sitemap-products-\d+\.xml)<\/loc>/g)].map((match) => match[1] ?? '');

  interface Peak {
    peakRss: number;
    peakHeap: number;
  }
  const runs: { label: string; isBrotli: boolean; files: Transfer[]; firstFilePeak: Peak; peak: Peak; ms: number }[] = [];
  for (const [label, isBrotli] of [
    ['plain', false],
    ['brotli', true],
  ] as const) {
    global.gc?.();
    const memory = memorySampler();
    const firstFileMemory = memorySampler();
    const started = performance.now();
    const files: Transfer[] = [];
    let firstFilePeak: Peak | null = null;
    for (const file of productFiles) {
      files.push(await stream(base + file, isBrotli));
      firstFilePeak ??= firstFileMemory.stop();
    }
    runs.push({ label, isBrotli, files, firstFilePeak: firstFilePeak ?? firstFileMemory.stop(), peak: memory.stop(), ms: performance.now() - started });
  }
  await app.close();
  await db.destroy();

  const urls = runs[0]?.files.reduce((sum, file) => sum + file.urls, 0) ?? 0;
  const failed = runs.flatMap((run) => run.files).filter((file) => file.status !== 200).length;
  const lines = [
    '# Sitemap benchmark',
    '',
    `Measured by \`bench/sitemap.bench.ts\` on ${new Date().toISOString().slice(0, 10)}: the production app (NODE_ENV=production, only the sitemap feature registered) listening on 127.0.0.1, one client in the same process reading each file as a stream and keeping nothing. Load average at the end: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')} (the machine is shared).`,
    '',
    `- Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}`,
    `- Data: ${urls.toLocaleString('en')} product URLs in \`${benchDatabasePath}\`${seededMs === null ? '' : ` (seeded for this run in ${(seededMs / 1000).toFixed(0)} s)`}`,
    `- Process memory before the first request: RSS ${mb(baseline.rss)}, JS heap ${mb(baseline.heapUsed)}`,
    '',
    "## Index (`/public/sitemap.xml`: one grouped pass over the products for the product files' lastmod, then categories, brands and news)",
    '',
    `- ${index.ms.toFixed(0)} ms, ${index.bytes.toLocaleString('en')} bytes, ${index.urls} sitemaps; peak RSS ${mb(indexPeak.peakRss)}, peak heap ${mb(indexPeak.peakHeap)}`,
    '',
    '## Every product sitemap, one after another',
    '',
    '| Encoding | Files | URLs | Total time | Slowest file | Mean file | Bytes on the wire | Peak RSS (first file / all) | Peak JS heap (first file / all) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...runs.map((run) => {
      const times = run.files.map((file) => file.ms);
      const wire = run.files.reduce((sum, file) => sum + file.bytesOnWire, 0);
      return `| ${run.label} | ${run.files.length} | ${run.files.reduce((sum, file) => sum + file.urls, 0).toLocaleString('en')} | ${(run.ms / 1000).toFixed(1)} s | ${Math.max(...times).toFixed(0)} ms | ${(times.reduce((a, b) => a + b, 0) / Math.max(1, times.length)).toFixed(0)} ms | ${mb(wire)} | ${mb(run.firstFilePeak.peakRss)} / ${mb(run.peak.peakRss)} | ${mb(run.firstFilePeak.peakHeap)} / ${mb(run.peak.peakHeap)} |`;
    }),
    '',
    `Failed files: ${failed}. The files are read by keyset (id > last, 5,000 rows a query) and written to the reply as a stream, so memory does not follow the number of URLs: after ${productFiles.length}× the first file's URLs the plain run's peak heap is ${mb((runs[0]?.peak.peakHeap ?? 0) - (runs[0]?.firstFilePeak.peakHeap ?? 0))} above its peak during the first file (what is above the baseline is chunks awaiting collection; brotli adds its encoder's buffers to the RSS); a buffered file of 50,000 URLs would be about ${mb((runs[0]?.files[0]?.bytes ?? 0) * 2)} of UTF-16 string on the heap at once, and the whole catalogue ~${mb((runs[0]?.files.reduce((sum, file) => sum + file.bytes, 0) ?? 0) * 2)}.`,
    '',
  ];
  writeFileSync('bench/results/sitemap.md', lines.join('\n'));
  console.log(lines.join('\n'));
  if (failed > 0 || urls < 0.99 * Number(process.env.BENCH_SKUS ?? 1_000_000)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
