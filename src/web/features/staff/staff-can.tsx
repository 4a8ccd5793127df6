import { createContext, useContext, type ReactNode } from 'react';
import type { StaffIdentity, StaffRole } from '../../../contract/staff.ts';
import { abilityFor, type StaffAbility, type StaffAction, type StaffPermission, type StaffSubject } from '../../../contract/staff-permissions.ts';

/** The signed-in staff member of the page (AdminLayout provides it). */
export const StaffContext = createContext<StaffIdentity | null>(null);

const abilities = new Map<StaffRole, StaffAbility>();

function cachedAbility(role: StaffRole): StaffAbility {
  const known = abilities.get(role);
  if (known) return known;
  const ability = abilityFor(role);
  abilities.set(role, ability);
  return ability;
}

/**
 * Whether the role may do something: the same CASL rules the server checks, so a button the server
 * would refuse is not shown. Outside a staff page (no staff) nothing is allowed.
 */
export function useStaffCan(staff?: StaffIdentity | null): (permission: StaffPermission) => boolean {
  const fromLayout = useContext(StaffContext);
  const role = (staff ?? fromLayout)?.role;
  if (!role) return () => false;
  const ability = cachedAbility(role);
  return (permission) => ability.can(permission.action, permission.subject);
}

/** Renders its children only for a role with the permission. */
export function StaffCan({ action, subject, children }: { action: StaffAction; subject: StaffSubject; children: ReactNode }) {
  const can = useStaffCan();
  return can({ action, subject }) ? children : null;
}
