import type { DelimitedRows } from './delimited-text.ts';

/**
 * Text laid out in columns of spaces (Eagle's partlist, a tool's printed report): cut at the positions where the
 * header's words start, as long as the lines below keep to them. Null when the text is not laid out so.
 */
export function fixedWidthRows(text: string, rowsMax: number): DelimitedRows | null {
  // Some authors mark lines with "* " (parts ordered, parts placed), shifting them: the mark is read past.
  const lines = text.split(/\r\r\n|\r\n|\n|\r/).map((line) => line.replace(/^[*+#>] /, ''));
  for (let index = 0; index < Math.min(lines.length, 40); index++) {
    const starts = columnStartsOf(lines[index] ?? '');
    if (starts.length < 3) continue;
    const following = lines.slice(index + 1).filter((line) => line.trim() !== '');
    const aligned = following.filter((line) => keepsToColumns(line, starts));
    if (aligned.length < 3 || aligned.length < following.length * 0.6) continue;
    const filled = lines.filter((line) => line.trim() !== '');
    return { rows: lines.slice(0, rowsMax).map((line) => cutAt(line, starts)), truncated: filled.length > rowsMax };
  }
  return null;
}

/** Where the words of a line start, words being parted by two spaces or more ("Position (mil)" is one word). */
function columnStartsOf(line: string): number[] {
  return [...line.matchAll(/\S+(?: \S+)*/g)].map((match) => match.index);
}

/** No text runs across a column's start, and the line fills two columns or more. */
function keepsToColumns(line: string, starts: number[]): boolean {
  const crosses = starts.slice(1).some((start) => line.length > start && line[start - 1] !== ' ');
  return !crosses && cutAt(line, starts).filter((cell) => cell !== '').length >= 2;
}

function cutAt(line: string, starts: number[]): string[] {
  return starts.map((start, column) => line.slice(column === 0 ? 0 : start, starts[column + 1] ?? line.length).trim());
}
