/** LIKE's wildcards (and its escape character) typed by someone match themselves; use with `escape '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
