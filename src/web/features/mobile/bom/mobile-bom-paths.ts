import { mobileBuyPaths, withMobileQuery } from '../../../../contract/mobile-buy.ts';
import type { BomToolPaths } from '../../bom/bom-tool-paths.ts';

/** The BOM tool's addresses on the mobile site: /m/bom, and the mobile login that comes back to it. */
export function mobileBomToolPaths(basePath: string): BomToolPaths {
  const paths = mobileBuyPaths(basePath);
  return {
    tool: paths.bom,
    edit: (bomId) => withMobileQuery(paths.bom, { id: bomId }),
    login: (returnPath) => withMobileQuery(paths.login, { return: returnPath }),
  };
}
