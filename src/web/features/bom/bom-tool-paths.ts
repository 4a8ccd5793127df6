import { loginPath } from '../../../contract/account.ts';
import { bomEditPath } from '../../../contract/bom.ts';

/** Where the BOM tool lives and where it sends a visitor to log in: the desktop's /bom, or a phone's /m/bom. */
export interface BomToolPaths {
  /** The tool with a fresh BOM. */
  tool: string;
  /** The tool reopening a member's saved BOM. */
  edit: (bomId: number) => string;
  /** The login page, coming back to `returnPath` afterwards. */
  login: (returnPath: string) => string;
}

export const desktopBomToolPaths: BomToolPaths = { tool: '/bom', edit: bomEditPath, login: (returnPath) => loginPath(returnPath) };
