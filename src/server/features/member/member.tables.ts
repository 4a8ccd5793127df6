/** A member proved the old phone by SMS and may bind a new phone until expiresAt. */
export interface PhoneChangeGrantsTable {
  userId: number;
  expiresAt: number;
}

export interface MemberTables {
  phoneChangeGrants: PhoneChangeGrantsTable;
}
