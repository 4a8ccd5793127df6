/** CSV and tab-separated text, read by hand: SheetJS would turn "0603" into 603 and "R1-4" into a date. */

export type Delimiter = ',' | ';' | '\t';

const candidates: readonly Delimiter[] = ['\t', ';', ','];

/** The delimiter the first lines agree on: the one found the same number of times on most lines. */
export function detectDelimiter(text: string): Delimiter {
  const lines = text
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '')
    .slice(0, 30);
  let best: { delimiter: Delimiter; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of candidates) {
    const counts = lines.map((line) => countOutsideQuotes(line, delimiter));
    const mode = modeOf(counts.filter((count) => count > 0));
    if (mode === 0) continue;
    const agreeing = counts.filter((count) => count === mode).length;
    const score = agreeing * 1000 + mode;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const character of line) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && character === delimiter) count++;
  }
  return count;
}

function modeOf(counts: number[]): number {
  const tally = new Map<number, number>();
  for (const count of counts) tally.set(count, (tally.get(count) ?? 0) + 1);
  let mode = 0;
  let most = 0;
  for (const [count, times] of tally) {
    if (times > most || (times === most && count > mode)) [mode, most] = [count, times];
  }
  return mode;
}

export interface DelimitedRows {
  rows: string[][];
  /** More rows followed the last one read. */
  truncated: boolean;
}

/** RFC 4180 rows: quoted fields may hold the delimiter, "" and line breaks; reading stops after maxRows rows with content. */
export function parseDelimited(text: string, delimiter: Delimiter, maxRows: number): DelimitedRows {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  let filledRows = 0;
  const endRow = () => {
    row.push(field);
    field = '';
    if (row.some((cell) => cell.trim() !== '')) filledRows++;
    rows.push(row);
    row = [];
  };
  while (index < text.length) {
    const character = text[index] ?? '';
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (character === delimiter) {
      row.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      // \r\r\n is one line end: Python's csv module writing to a Windows text file (KiCad's BOM scripts).
      if (character === '\r' && text[index + 1] === '\r' && text[index + 2] === '\n') index += 2;
      else if (character === '\r' && text[index + 1] === '\n') index++;
      endRow();
      if (filledRows >= maxRows) return { rows, truncated: /[^\s,;]/.test(text.slice(index + 1)) };
    } else field += character;
    index++;
  }
  if (field !== '' || row.length > 0) endRow();
  return { rows, truncated: false };
}
