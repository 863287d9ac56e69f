// pg-boss on an existing Kysely pool (pg-boss's `db` option): the job queues of the contact form and the
// scheduled reports share the API's connections instead of opening their own.
import { CompiledQuery, type Kysely } from 'kysely';

export function bossDb<DB>(db: Kysely<DB>) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows ?? [] };
    },
  };
}
