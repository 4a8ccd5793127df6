import type { BomPageData } from '../../../contract/bom.ts';
import { bomRequests } from '../../../contract/bom-requests.ts';
import { notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { loadSavedBom } from './bom.service.ts';

/**
 * What the BOM tool opens with, on the desktop (/bom) and on a phone (/m/bom): a fresh BOM, or with
 * ?id=N the member's saved one. A visitor asking for a saved BOM must log in first ('login'); a
 * malformed id, or another member's (bom.notFound), is the 404 page.
 */
export async function loadBomTool(deps: Pick<ServiceDeps, 'db'>, userId: number | null, id: string | undefined): Promise<BomPageData | 'login'> {
  if (id === undefined) return { savedBom: null, isLoggedIn: userId !== null };
  if (userId === null) return 'login';
  const bomId = bomRequests.detail.shape.bomId.safeParse(id);
  if (!bomId.success) throw notFound();
  return { savedBom: await loadSavedBom(deps, userId, bomId.data), isLoggedIn: true };
}
