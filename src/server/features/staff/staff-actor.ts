import { ActorKind, type Actor } from '../../../contract/lifecycle.ts';
import type { StaffIdentity } from '../../../contract/staff.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';

/** Who acts and from where: every change is audited with both. */
export interface StaffActor {
  staff: StaffIdentity;
  ip: string;
}

/** A staff member as a lifecycle's actor (contract/lifecycle.ts): what their role's ability allows. */
export function staffActorOf(staff: Pick<StaffIdentity, 'role'>): Actor {
  const ability = abilityFor(staff.role);
  return { kind: ActorKind.staff, can: (action, subject) => ability.can(action, subject) };
}
