/** What the browser build gets for `import … from 'react-dom/client'` (vite.config.ts): Preact's, hydration marked for browser-react.ts. */
import type { ComponentChild } from 'preact';
import { createRoot, hydrateRoot as preactHydrateRoot } from 'preact/compat/client';
import { whileHydrating } from './preact-options.ts';

export { createRoot };

export function hydrateRoot(container: Element, children: ComponentChild, _options?: unknown) {
  return whileHydrating(() => preactHydrateRoot(container, children));
}
