/** The page data a server-rendered page embeds for hydration. */
export function pageState<T>(html: string): T {
  const json = /<script type="application\/json" id="initial-state">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  return (JSON.parse(json) as { data: T }).data;
}
