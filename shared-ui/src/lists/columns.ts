// Column preferences of the lists: which columns show (spec section 2, Configure Columns) and saving the choice
// in the user's profile (trackings_fields / shipments_fields).
import { useCallback } from 'react';
import { sessionStore, useSession, userProfilesApi } from '@portal/shared-api';

export type ColumnsField = 'trackings_fields' | 'shipments_fields';

/**
 * The keys of the columns to show, in the order of `allKeys`: the fixed ones (id) always, then the saved
 * choice, or the defaults when nothing (known) is saved.
 */
export function visibleColumnKeys(
  allKeys: readonly string[],
  saved: readonly string[] | null | undefined,
  defaults: readonly string[],
  fixed: readonly string[] = ['id'],
): string[] {
  const known = (saved ?? []).filter((key) => allKeys.includes(key) && !fixed.includes(key));
  const chosen = new Set([...fixed, ...(known.length > 0 ? known : defaults)]);
  return allKeys.filter((key) => chosen.has(key));
}

/** The saved column choice of the signed-in user and a function that saves a new one in the profile. */
export function useColumnPreferences(field: ColumnsField): {
  saved: string[];
  save: (keys: string[]) => Promise<void>;
} {
  const saved = useSession((state) => state.user?.userprofile?.[field]) ?? EMPTY;
  const save = useCallback(
    async (keys: string[]) => {
      const user = sessionStore.getState().user;
      const profile = user?.userprofile;
      if (!user || !profile) throw new Error('Not signed in');
      const updated = await userProfilesApi.update(profile.id, { [field]: keys });
      const current = sessionStore.getState().user ?? user;
      sessionStore.getState().setUser({
        ...current,
        userprofile: { ...(current.userprofile ?? profile), [field]: updated?.[field] ?? keys },
      });
    },
    [field],
  );
  return { saved, save };
}

const EMPTY: string[] = [];
