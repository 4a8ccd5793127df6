import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from '@playwright/test';
import { instrumentContext, watchPage, type LoadFindings } from './injection-xss-probe.ts';

export type Visitor = 'visitor' | 'member';

/** A page of the battery, whose events go to the load it is on. */
export interface BatteryPage {
  page: Page;
  setLoad(findings: LoadFindings | undefined): void;
}

interface InstrumentedContext {
  context: BrowserContext;
  loads: Map<Page, LoadFindings | undefined>;
}

/**
 * Chromium with a visitor's and a member's context, launched again when it goes away (a crash,
 * or the machine's other work ending it): an hour-long run keeps going, and says how often.
 */
export function createBrowserPool(options: { baseUrl: string; launchOptions: LaunchOptions; memberCookies: { name: string; value: string }[] }) {
  let browser: Promise<Browser> | undefined;
  let contexts = new Map<Visitor, Promise<InstrumentedContext>>();
  let launches = 0;

  function connectedBrowser(): Promise<Browser> {
    const launch = async () => {
      launches++;
      contexts = new Map();
      return chromium.launch(options.launchOptions);
    };
    if (!browser) browser = launch();
    else
      browser = browser.then(
        (current) => (current.isConnected() ? current : launch()),
        () => launch(),
      );
    return browser;
  }

  async function newContext(current: Browser, visitor: Visitor): Promise<InstrumentedContext> {
    const loads = new Map<Page, LoadFindings | undefined>();
    const context = await current.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    if (visitor === 'member') await context.addCookies(options.memberCookies.map((cookie) => ({ ...cookie, url: options.baseUrl })));
    await instrumentContext(context, (page) => loads.get(page));
    return { context, loads };
  }

  return {
    async newPage(visitor: Visitor): Promise<BatteryPage> {
      const current = await connectedBrowser();
      let instrumented = contexts.get(visitor);
      if (!instrumented) {
        instrumented = newContext(current, visitor);
        contexts.set(visitor, instrumented);
      }
      const { context, loads } = await instrumented;
      const page = await context.newPage();
      watchPage(page, () => loads.get(page));
      page.on('close', () => loads.delete(page));
      return { page, setLoad: (findings) => loads.set(page, findings) };
    },
    /** How many times Chromium was launched again after going away. */
    get relaunches() {
      return Math.max(0, launches - 1);
    },
    async close() {
      if (browser) await (await browser).close();
    },
  };
}
