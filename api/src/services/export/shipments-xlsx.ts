// Streams the shipments matching a list's filters into an xlsx, in the list's order, without holding the rows:
// a server-side cursor (one read-only snapshot) is fetched in batches and each batch is written by
// XlsxSheetWriter (xlsx-writer.ts: the sheet's XML straight into a streaming zip, the files exceljs writes and
// reads), which waits for the client before taking the next batch.
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/types';
import { valueText } from '../../lib/validation';
import type { HealthThresholds } from '../health';
import { shipmentOrderBy, type ShipmentFilters } from '../shipments/filters';
import { isServerTextField, translate } from '../../i18n';
import { JOINS, type ExportField, type ExportLang } from './fields';
import { excelSerial, XlsxSheetWriter, type XlsxColumnKind, type XlsxValue } from './xlsx-writer';

const EXPORT_BATCH = 2000;

/**
 * The same rows as one JSON array per row (`r`), dates and instants as epoch milliseconds (truncated, as the
 * driver's Date is): what the streamed file reads. 50 columns of a 100,000-row export as row objects and Date
 * objects were half the export's time (the driver's per-column parsing and the garbage it leaves); one JSON
 * value a row is parsed natively. Kept beside the query exportQuery returns, so callers pass one query.
 */
const rowArrayQueries = new WeakMap<RawBuilder<unknown>, RawBuilder<unknown>>();

/** The SELECT of an export: the chosen fields as c0..cn, the joins they need, the list's WHERE and ORDER BY. */
export function exportQuery(
  companyId: number,
  thresholds: HealthThresholds,
  filters: ShipmentFilters,
  conditions: RawBuilder<SqlBool>[],
  fields: readonly ExportField[],
): RawBuilder<unknown> {
  const joins = [...new Set(fields.flatMap((f) => f.joins ?? []))].map((j) => sql.raw(JOINS[j]));
  const columns = fields.map((f, i) => sql`${f.expr({ thresholds })} AS ${sql.ref(`c${i}`)}`);
  const where = sql.join([sql`shipments.company_id = ${companyId}`, ...conditions], sql` AND `);
  const rest = sql`FROM shipments ${sql.join(joins, sql` `)} WHERE ${where}
    ORDER BY ${sql.join(shipmentOrderBy(filters, thresholds))}`;
  const query = sql`SELECT ${sql.join(columns)} ${rest}`;
  // json[] rather than json_build_array, which takes at most 100 arguments
  const values = fields.map((f) =>
    f.type === 'datetime' || f.type === 'date'
      ? sql`to_json(trunc(EXTRACT(EPOCH FROM ${f.expr({ thresholds })}) * 1000))`
      : sql`to_json(${f.expr({ thresholds })})`,
  );
  rowArrayQueries.set(query, sql`SELECT array_to_json(ARRAY[${sql.join(values)}]::json[]) AS r ${rest}`);
  return query;
}

/** A database value as the cell value of its field's type (coded values in words of `lang`). */
export function cellValue(field: ExportField, value: unknown, lang: ExportLang = 'en'): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (field.choices && typeof value === 'string') return field.choices[value]?.[lang] ?? value;
  // Server texts (last alert, container type, POD warning) are stored in English (src/i18n).
  if (typeof value === 'string' && isServerTextField(field.key)) return translate(value, lang);
  switch (field.type) {
    case 'integer':
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : valueText(value);
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : value === 'true';
    case 'datetime':
      return value instanceof Date ? value : new Date(valueText(value));
    case 'date': {
      if (value instanceof Date) {
        // A PostgreSQL date read as local midnight: keep the calendar day.
        return new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate()));
      }
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(valueText(value));
      return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : valueText(value);
    }
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** How the writer stores a field's values: its type, with coded values and server texts as text. */
function columnKind(field: ExportField): XlsxColumnKind {
  switch (field.type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'datetime':
    case 'date':
    case 'boolean':
      return field.type;
    default:
      return 'string';
  }
}

function columnWidth(field: ExportField, header: string): number {
  if (field.type === 'datetime') return Math.max(17, Math.min(40, header.length + 2));
  if (field.type === 'date') return Math.max(12, Math.min(40, header.length + 2));
  return Math.max(10, Math.min(40, header.length + 2));
}

export interface StreamExportOptions {
  db: Kysely<Database>;
  query: RawBuilder<unknown>;
  fields: readonly ExportField[];
  lang: ExportLang;
  out: Writable;
  sheetName?: string;
  batch?: number;
}

/** Writes the workbook to `out` and resolves with the number of data rows once the file is complete. */
export async function streamShipmentsXlsx(options: StreamExportOptions): Promise<number> {
  const { db, query, fields, lang, out } = options;
  const batch = options.batch ?? EXPORT_BATCH;
  const writer = new XlsxSheetWriter({
    out,
    sheetName: options.sheetName ?? (options.lang === 'es' ? 'Envíos' : 'Shipments'),
    columns: fields.map((f) => {
      const header = f.label[lang];
      return { header, kind: columnKind(f), width: columnWidth(f, header) };
    }),
  });

  // the rows as JSON arrays when the query came from exportQuery, else as the query's columns c0..cn
  const arrays = rowArrayQueries.get(query);
  const keys = fields.map((_, i) => `c${i}`);
  const dated = fields.map((f) => f.type === 'datetime' || f.type === 'date');
  const fromArray = (row: unknown[]): XlsxValue[] =>
    fields.map((f, i) => {
      const value = row[i];
      // epoch milliseconds: the Excel serial without a Date
      if (dated[i] && typeof value === 'number') return excelSerial(value);
      return cellValue(f, value, lang) as XlsxValue;
    });
  const fromColumns = (record: Record<string, unknown>): XlsxValue[] =>
    fields.map((f, i) => cellValue(f, record[keys[i]], lang) as XlsxValue);

  try {
    await db.connection().execute(async (conn) => {
      await sql`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`.execute(conn);
      try {
        // the whole result is read: plan for all of it (not the first 10% a cursor plans for), and without
        // JIT, whose compilation of 50 expressions costs more than it saves on 100,000 rows
        await sql`SET LOCAL cursor_tuple_fraction = 1.0`.execute(conn);
        await sql`SET LOCAL jit = off`.execute(conn);
        await sql`DECLARE shipments_export NO SCROLL CURSOR FOR ${arrays ?? query}`.execute(conn);
        for (;;) {
          const result = await sql<
            Record<string, unknown>
          >`FETCH ${sql.raw(String(batch))} FROM shipments_export`.execute(conn);
          // the values of a batch, then its XML at once; waits when the client is slower than the export
          await writer.writeRows(
            arrays
              ? result.rows.map((record) => fromArray(record.r as unknown[]))
              : result.rows.map(fromColumns),
          );
          if (result.rows.length < batch) break;
          if (out.destroyed) throw new Error('export stream closed before the end (client gone)');
        }
        await sql`COMMIT`.execute(conn);
      } catch (error) {
        await sql`ROLLBACK`.execute(conn).catch(() => undefined);
        throw error;
      }
    });
    await writer.finish();
  } catch (error) {
    writer.abort();
    throw error;
  }
  return writer.rows;
}
