import { test as base, expect, type Page } from '@playwright/test';

/** Phones unique per test run, so parallel journeys never collide. */
let phoneCounter = 0;
export function uniquePhone(): string {
  const suffix = `${Date.now() % 1_000_000}${process.pid % 100}${phoneCounter++ % 10}`.padStart(9, '0').slice(-9);
  return `13${suffix}`;
}

/** The latest SMS code the development outbox holds for a phone. */
export async function latestSmsCode(page: Page, phone: string): Promise<string> {
  const response = await page.request.get(`/dev/sms-outbox?phone=${phone}`);
  expect(response.ok()).toBe(true);
  const messages = (await response.json()) as { code: string }[];
  const last = messages.at(-1);
  if (!last) throw new Error(`no SMS for ${phone}`);
  return last.code;
}

/** Fails a test on any console error or page error: hydration warnings included. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A page served as 404 on purpose logs its own status; any other failed resource counts.
        const isDocumentStatus = message.text().startsWith('Failed to load resource') && message.location().url === page.url();
        if (!isDocumentStatus) errors.push(`${message.text()} ${message.location().url}`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
