import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../../../../contract/envelope.ts';
import { priceImportDeskCalls } from '../../../../contract/console/price-import-calls.ts';
import { priceImportUploadPath, type PriceImportJobRow, type PriceImportUploadView } from '../../../../contract/price-import.ts';
import { staffCsrfCookieName, staffCsrfHeaderName, staffLoginPath } from '../../../../contract/staff.ts';
import type { StaffBrowser } from '../../staff/testing/staff-browser.ts';

/** POSTs a file as the console's upload form does (multipart, field `file`). */
export async function uploadPriceList(app: FastifyInstance, browser: StaffBrowser, fileName: string, content: string | Uint8Array) {
  if (!browser.cookies.has(staffCsrfCookieName)) await browser.get(staffLoginPath);
  const boundary = '----priceImportTestBoundary';
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: priceImportUploadPath,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: browser.cookieHeader(),
      [staffCsrfHeaderName]: browser.cookies.get(staffCsrfCookieName) ?? '',
    },
  });
  return response.json<Envelope<PriceImportUploadView>>();
}

/** Polls the job as the page does until it settles (not queued, running or rolling back). */
export async function settledJob(browser: StaffBrowser, jobId: number, timeoutMs = 60_000): Promise<PriceImportJobRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await browser.call(priceImportDeskCalls.job, { jobId });
    const job = answer.data;
    if (!job) throw new Error(JSON.stringify(answer));
    if (!['queued', 'running', 'rolling_back'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status} at ${job.processed}/${job.total}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
