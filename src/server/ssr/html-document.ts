import { appRootElementId, initialStateElementId } from '../../contract/shell.ts';

const jsonEscapes: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON that can sit inside <script type="application/json"> without ending it early. */
export function serializeState(state: unknown): string {
  return JSON.stringify(state).replace(/[<>&\u2028\u2029]/g, (char) => jsonEscapes[char] ?? char);
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

export interface DocumentParts {
  title: string;
  description: string;
  headTags: string;
  bodyHtml: string;
  state: unknown;
  bodyTags: string;
}

export function htmlDocument(parts: DocumentParts): string {
  return `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(parts.title)}</title><meta name="description" content="${escapeHtml(parts.description)}"><link rel="icon" href="/favicon.svg" type="image/svg+xml">${parts.headTags}</head><body><div id="${appRootElementId}">${parts.bodyHtml}</div><script type="application/json" id="${initialStateElementId}">${serializeState(parts.state)}</script>${parts.bodyTags}</body></html>`;
}
