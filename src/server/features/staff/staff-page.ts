import type { StaffHomePageData } from '../../../contract/staff.ts';
import { desksFor, type StaffPermission } from '../../../contract/staff-permissions.ts';
import { signedInStaff } from './staff-access.ts';
import { definePage, type LoadedPage, type Page, type PageContext, type PageDefinition, type PageRedirect } from '../../ssr/page-registry.ts';

/** What a console page's loader is given besides the request: the staff member and the menu of the desks their role may open. */
export interface StaffPageContext extends PageContext {
  access: StaffHomePageData;
}

export interface StaffPageDefinition<Data> extends Omit<PageDefinition<Data>, 'isMemberOnly' | 'routeConfig' | 'load'> {
  /** Who may open the page: any signed-in staff member, or one whose role grants this permission. */
  access: 'staff' | StaffPermission;
  load: (context: StaffPageContext) => Promise<LoadedPage<Data> | PageRedirect>;
}

/**
 * A console page: it names who may open it, and the console's access hook (staff-access.ts) has
 * answered everyone else before the loader runs (a visitor → the login and back, a role without
 * it → the console's home). Never indexed.
 */
export function defineStaffPage<Data>({ access, load, ...page }: StaffPageDefinition<Data>): Page {
  return definePage<Data>({
    ...page,
    routeConfig: { staffAccess: access, staffRefusal: 'page' },
    async load(context) {
      const staff = signedInStaff(context.request);
      const loaded = await load({ ...context, access: { staff, menu: desksFor(staff.role) } });
      return 'redirectTo' in loaded ? loaded : { ...loaded, isNoIndex: true };
    },
  });
}
