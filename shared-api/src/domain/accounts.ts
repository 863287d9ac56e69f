// Roles of spec section 6 (migrations/0001_accounts.sql seeds the table `roles` with these two): a profile's
// `role` is one of these ids (or null, no role: no permission).

export const ROLE_STANDARD = 1;
/** Read-only: may change only its own profile's list columns. */
export const ROLE_LIMITED = 2;
export const ROLE_IDS = [ROLE_STANDARD, ROLE_LIMITED] as const;
