// A group's user list as the PATCH call takes it: the ids after one user was added or removed.
import type { UserSummary } from '@portal/shared-api';

/** The list's ids with a user added at the end. */
export const idsWith = (chosen: UserSummary[], id: number): number[] => [...chosen.map((x) => x.id), id];

/** The list's ids without a user. */
export const idsWithout = (chosen: UserSummary[], id: number): number[] =>
  chosen.filter((x) => x.id !== id).map((x) => x.id);
