/**
 * A page's browser entry by name: the shop's `home` is src/web/entries/home.tsx, the console's `console/orders`
 * is src/web/console/entries/orders.tsx (the console keeps its web side in its own folder). The name is also
 * the build's input name, so the console's scripts are built under assets/console/.
 */
export const consoleEntryPrefix = 'console/';

export function entrySourcePath(entry: string): string {
  return entry.startsWith(consoleEntryPrefix) ? `src/web/console/entries/${entry.slice(consoleEntryPrefix.length)}.tsx` : `src/web/entries/${entry}.tsx`;
}
