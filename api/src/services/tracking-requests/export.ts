// Reading the tracking-request export (GET tracking-requests/export/): the list's filters and order in one
// read-only snapshot, through a server-side cursor a batch at a time, so a large export is linear and never holds
// the whole list.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { HealthThresholds } from '../health';
import {
  listConditions,
  listOrder,
  selectRequests,
  serializeRequests,
  withColumns,
  type RequestOut,
  type RequestRow,
} from './list';

type Out = RequestOut;

export interface ReadOptions {
  db: Kysely<Database>;
  companyId: number;
  thresholds: HealthThresholds;
  conditions: ReturnType<typeof listConditions>;
  order: ReturnType<typeof listOrder>;
  batch: number;
  /** Called once with the row count, before any row; may refuse (throw) — nothing is read then. */
  start: (count: number) => void | Promise<void>;
  /** Called with each batch of serialised requests, in the list's order; the next batch waits for it. */
  rows: (batch: Out[]) => void | Promise<void>;
}

/**
 * Reads the export's requests in one REPEATABLE READ, read-only snapshot: the count, then the list's query
 * (same filters, same ORDER BY as GET tracking-requests/) through a NO SCROLL cursor, `batch` rows a FETCH, each
 * batch serialised (shipments, health, alerts) in the same snapshot.
 */
export async function readExportRows(options: ReadOptions): Promise<void> {
  const { companyId, thresholds, conditions, order, batch } = options;
  await options.db.connection().execute(async (conn) => {
    await sql`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`.execute(conn);
    try {
      let base = selectRequests(conn, companyId);
      for (const c of conditions) base = base.where(c);
      const { count } = await base
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      await options.start(Number(count));
      // every row is read: plan for all of them, not for the first tenth a cursor plans for
      await sql`SET LOCAL cursor_tuple_fraction = 1.0`.execute(conn);
      const list = withColumns(base).orderBy(order).compile();
      await conn.executeQuery(
        CompiledQuery.raw(`DECLARE tracking_requests_export NO SCROLL CURSOR FOR ${list.sql}`, [
          ...list.parameters,
        ]),
      );
      for (;;) {
        const { rows } =
          await sql<RequestRow>`FETCH ${sql.raw(String(batch))} FROM tracking_requests_export`.execute(conn);
        if (rows.length) await options.rows(await serializeRequests(conn, companyId, thresholds, rows));
        if (rows.length < batch) break;
      }
      await sql`COMMIT`.execute(conn);
    } catch (error) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}
