/** Where the header sends a keyword; zod-free so every page's shell can use it cheaply. */
export function searchUrl(keyword: string): string {
  return `/search?key=${encodeURIComponent(keyword)}`;
}
