/**
 * A page's canonical address: its path and only the query parameters that say which page it is
 * (a keyword, a column, a page number), in a fixed order; empty values and page 1 left out.
 */
export function canonicalPathOf(path: string, identifying: Readonly<Record<string, string | number | null | undefined>> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(identifying)) {
    if (value === null || value === undefined || value === '' || (name === 'page' && Number(value) <= 1)) continue;
    query.set(name, String(value));
  }
  const text = query.toString().replace(/\+/g, '%20');
  return text ? `${path}?${text}` : path;
}
