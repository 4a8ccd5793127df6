import type { BrowserContext, Page } from '@playwright/test';

/** What one page load showed. */
export interface LoadFindings {
  /** `__xss(id)` calls and dialogs: a vector ran. */
  executions: string[];
  /** securitypolicyviolation events and the console's CSP messages: something tried to run or load against the CSP. */
  cspViolations: string[];
  /** Markup that can only come from a vector (event-handler attributes, javascript: URLs, frames, foreign hosts). */
  markup: string[];
  pageErrors: string[];
  consoleErrors: string[];
}

export function emptyFindings(): LoadFindings {
  return { executions: [], cspViolations: [], markup: [], pageErrors: [], consoleErrors: [] };
}

/** Runs in every frame before the page's scripts: CSP violations are reported to the battery. */
function reportCspViolations() {
  const report = (window as unknown as { __cspViolation?: (text: string) => void }).__cspViolation;
  document.addEventListener('securitypolicyviolation', (event) => {
    report?.(
      `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} ${event.sample ? `"${event.sample}"` : ''} at ${event.sourceFile}:${event.lineNumber}`,
    );
  });
}

/**
 * Gives every page of the context the `__xss` binding and the CSP listener; findings go to
 * the load the page is on (`current(page)`), so that a late event is not lost.
 */
export async function instrumentContext(context: BrowserContext, current: (page: Page) => LoadFindings | undefined): Promise<void> {
  await context.exposeBinding('__xss', ({ page, frame }, id: unknown) => {
    const value = Array.isArray(id) ? String(id[0]) : String(id);
    current(page)?.executions.push(`__xss(${value}) in ${frame.url().slice(0, 200)}`);
  });
  await context.exposeBinding('__cspViolation', ({ page }, text: unknown) => {
    current(page)?.cspViolations.push(String(text));
  });
  await context.addInitScript(reportCspViolations);
}

export function watchPage(page: Page, current: () => LoadFindings | undefined) {
  page.on('dialog', (dialog) => {
    current()?.executions.push(`${dialog.type()}(${dialog.message()})`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('pageerror', (error) => current()?.pageErrors.push(error.message.slice(0, 300)));
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text)) current()?.cspViolations.push(`console: ${text.slice(0, 300)}`);
    else if (message.type() === 'error') current()?.consoleErrors.push(text.slice(0, 300));
  });
}

/** Runs in the page (self-contained: no inner named functions, which the TypeScript loader would wrap): elements and attributes the store never renders itself. */
export function scanForInjectedMarkup(): string[] {
  const found: string[] = [];
  const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'background', 'poster']);
  const dangerousUrl = /^(?:javascript|vbscript|data:text\/html)/;
  for (const element of Array.from(document.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (['iframe', 'frame', 'object', 'embed', 'base', 'applet'].includes(tag)) found.push(`<${tag}>`);
    if (tag === 'meta' && element.getAttribute('http-equiv')?.toLowerCase() === 'refresh') found.push('<meta http-equiv=refresh>');
    if (tag === 'script' && element.getAttribute('type') !== 'application/json' && element.textContent.includes('__xss')) found.push('<script> with a vector');
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      // Browsers ignore whitespace and control characters in a URL's scheme.
      const value = Array.from(attribute.value)
        .filter((character) => character.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase();
      if (name.startsWith('on')) found.push(`<${tag} ${name}>`);
      if (name === 'srcdoc') found.push(`<${tag} srcdoc>`);
      if (urlAttributes.has(name) && dangerousUrl.test(value)) found.push(`<${tag} ${name}="${value.slice(0, 40)}">`);
      if (urlAttributes.has(name) && value.includes('evil.example')) {
        // Only a link whose host is the vector's: the store's own links may carry the text in their query.
        let host = '';
        try {
          host = new URL(attribute.value, document.baseURI).hostname;
        } catch {
          host = '';
        }
        if (host.endsWith('evil.example')) found.push(`<${tag} ${name}="${attribute.value.slice(0, 60)}"> leaves the site`);
      }
    }
  }
  return found;
}

/** After `load`: two frames and a task, so that hydration and the first effects have run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 30))));
}
