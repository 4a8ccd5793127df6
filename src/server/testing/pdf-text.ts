import { inflateSync } from 'node:zlib';

/**
 * The text of the store's PDFs (pdf/pdf-document.ts, drawn by PDFKit in its one embedded CJK font), page by page,
 * for tests: each page's text runs in drawing order, decoded through the font's ToUnicode map. It reads what PDFKit
 * writes (plain object dictionaries, Flate streams, TJ arrays of 4-digit glyph codes), not any PDF.
 */

interface PdfObject {
  dictionary: string;
  stream: Buffer | null;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\s*/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endobj', start);
    const body = text.slice(start, end);
    const streamAt = body.indexOf('stream\n');
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dictionary: body, stream: null });
      continue;
    }
    const dictionary = body.slice(0, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1] ?? '0');
    const from = start + streamAt + 'stream\n'.length;
    const raw = pdf.subarray(from, from + length);
    objects.set(Number(match[1]), { dictionary, stream: dictionary.includes('/FlateDecode') ? inflateSync(raw) : raw });
    header.lastIndex = end;
  }
  return objects;
}

/** The bfrange entries PDFKit writes: <first> <last> [<unicode> …] (an array per range). */
function unicodeMapOf(cmap: string): Map<number, string> {
  const codes = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
    const first = parseInt(range[1] ?? '0', 16);
    const targets = [...(range[3] ?? '').matchAll(/<([0-9a-f ]*)>/gi)].map((target) =>
      String.fromCharCode(...(target[1] ?? '').split(' ').map((unit) => parseInt(unit, 16))),
    );
    targets.forEach((target, offset) => codes.set(first + offset, target));
  }
  return codes;
}

function referenceOf(dictionary: string, key: string): number {
  return Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dictionary)?.[1] ?? '0');
}

/** Each page's text runs (one per TJ: a line of a cell or a paragraph), pages in their order. */
export function pdfPagesText(pdf: Buffer): string[][] {
  const objects = objectsOf(pdf);
  const cmaps = [...objects.values()].filter((object) => object.stream?.includes('beginbfrange'));
  if (cmaps.length !== 1) throw new Error(`expected one embedded font with a ToUnicode map, found ${String(cmaps.length)}`);
  const codes = unicodeMapOf(cmaps[0]?.stream?.toString('latin1') ?? '');
  const root = [...objects.values()].find((object) => object.dictionary.includes('/Type /Catalog'));
  const pages = objects.get(referenceOf(root?.dictionary ?? '', 'Pages'));
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(pages?.dictionary ?? '')?.[1]?.matchAll(/(\d+) 0 R/g) ?? [])].map((kid) => Number(kid[1]));
  return kids.map((kid) => {
    const content = objects.get(referenceOf(objects.get(kid)?.dictionary ?? '', 'Contents'))?.stream?.toString('latin1') ?? '';
    return [...content.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((run) =>
      [...(run[1] ?? '').matchAll(/<([0-9a-f]+)>/gi)]
        .flatMap((hex) => (hex[1] ?? '').match(/.{4}/g) ?? [])
        .map((code) => codes.get(parseInt(code, 16)) ?? '\ufffd')
        .join(''),
    );
  });
}

/** All the text of a PDF, runs joined by line breaks. */
export function pdfText(pdf: Buffer): string {
  return pdfPagesText(pdf)
    .map((page) => page.join('\n'))
    .join('\n');
}
