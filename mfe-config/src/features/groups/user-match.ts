// Finding a company user by typed text: the shown name, the choices that contain the text, and the one user
// the text names exactly.
import type { UserSummary } from '@portal/shared-api';

/** 'First Last (username)', or the username alone when the user has no name. */
export const displayName = (u: UserSummary) => {
  const full = `${u.first_name} ${u.last_name}`.trim();
  return full ? `${full} (${u.username})` : u.username;
};

/** The users not excluded whose username, names or e-mail contain the typed text (any case); all for no text. */
export function candidatesFor(users: UserSummary[], exclude: number[], text: string): UserSummary[] {
  const needle = text.trim().toLowerCase();
  return users
    .filter((u) => !exclude.includes(u.id))
    .filter(
      (u) =>
        needle === '' ||
        [u.username, u.first_name, u.last_name, u.email, `${u.first_name} ${u.last_name}`].some((s) =>
          s.toLowerCase().includes(needle),
        ),
    );
}

/** The user whose username, e-mail, full name or shown name is exactly the typed text (any case), if one is. */
export function exactMatch(users: UserSummary[], text: string): UserSummary | undefined {
  const needle = text.trim().toLowerCase();
  if (needle === '') return undefined;
  const exact = users.filter((u) =>
    [u.username, u.email, `${u.first_name} ${u.last_name}`.trim(), displayName(u)].some(
      (s) => s.toLowerCase() === needle,
    ),
  );
  return exact.length === 1 ? exact[0] : undefined;
}
