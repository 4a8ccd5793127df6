import type { TestBrowser } from '../../../testing/test-app.ts';

/** What the browser does at WeChat: opens the QR connect URL; the fake approves and names the callback. */
export async function approveAtWechat(qrConnectUrl: string): Promise<string> {
  const response = await fetch(qrConnectUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`the fake WeChat answered ${String(response.status)}`);
  const callback = new URL(location);
  return `${callback.pathname}${callback.search}`;
}

/** The callback in `browser`: its status and where it sends the browser (null: a page was rendered). */
export async function openCallback(browser: TestBrowser, callbackPath: string) {
  const response = await browser.get(callbackPath);
  const location = response.headers.location;
  return { status: response.statusCode, location: typeof location === 'string' ? location : null, body: response.body };
}

/** Sends the callback again with another state or code. */
export function withQuery(callbackPath: string, changes: Record<string, string>): string {
  const url = new URL(callbackPath, 'http://store.invalid');
  for (const [name, value] of Object.entries(changes)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}
