// A sign-in token of the bench user, for the benchmarks that call the API over HTTP: stored as the API stores
// tokens (hashed), and removed again at the end of the run so that the bench database does not collect them.
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types';
import { hashToken, newToken } from '../src/lib/tokens';

export async function benchToken(
  db: Kysely<Database>,
  userId: number,
): Promise<{ token: string; revoke: () => Promise<void> }> {
  const token = newToken();
  await db
    .insertInto('auth_tokens')
    .values({ key_hash: hashToken(token), user_id: userId })
    .execute();
  const revoke = async () => {
    await db.deleteFrom('auth_tokens').where('key_hash', '=', hashToken(token)).execute();
  };
  return { token, revoke };
}
