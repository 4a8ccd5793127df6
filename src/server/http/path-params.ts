import { notFound } from './app-error.ts';

/** Ids in paths (/product/detail/{id}, /brand/{id}) are digits only; anything else is an unknown page. */
export function parsePathId(text: string | undefined): number {
  if (!text || !/^\d{1,10}$/.test(text)) throw notFound();
  const id = Number(text);
  if (id <= 0 || id > 2_147_483_647) throw notFound();
  return id;
}
