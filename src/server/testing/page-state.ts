import { initialStateElementId, type PageState } from '../../contract/shell.ts';

const initialStatePattern = new RegExp(`<script type="application/json" id="${initialStateElementId}">([\\s\\S]*?)</script>`);

/** The {shell, data} a server-rendered page embeds for hydration; a page without it fails the test. */
export function pageStateOf<Data = unknown>(html: string): PageState<Data> {
  const json = initialStatePattern.exec(html)?.[1];
  if (json === undefined) throw new Error(`no #${initialStateElementId} state in the page`);
  return JSON.parse(json) as PageState<Data>;
}
