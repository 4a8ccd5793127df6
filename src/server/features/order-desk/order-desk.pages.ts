import type { Page } from '../../ssr/page-registry.ts';
import type { StaffSessionDeps } from '../staff/staff-session.ts';

export function orderDeskPages(_deps: StaffSessionDeps): Page[] {
  return [];
}
