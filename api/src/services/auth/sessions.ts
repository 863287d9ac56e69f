// Ending a session and changing a password: the token rows behind them (the auth plugin's caches are the
// route's to forget).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** The token stops working at once (log out). */
export async function deleteToken(db: Kysely<Database>, keyHash: string): Promise<void> {
  await db.deleteFrom('auth_tokens').where('key_hash', '=', keyHash).execute();
}

/** Stores the new password hash and ends the user's other sessions; the token `keepKeyHash` keeps working. */
export async function changePassword(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
  keepKeyHash: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password: passwordHash }).where('id', '=', userId).execute();
    await trx
      .deleteFrom('auth_tokens')
      .where('user_id', '=', userId)
      .where('key_hash', '<>', keepKeyHash)
      .execute();
  });
}
