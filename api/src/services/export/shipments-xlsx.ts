// Streams the shipments matching a list's filters into an xlsx, in the list's order, without holding the rows:
// a server-side cursor (one read-only snapshot) is fetched in batches and each row is committed to exceljs'
// streaming WorkbookWriter, which writes the zip to `out` as it goes.
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/types';
import type { HealthThresholds } from '../health';
import { shipmentOrderBy, type ShipmentFilters } from '../shipment-filters';
import { isServerTextField, translate } from '../../i18n';
import { JOINS, type ExportField, type ExportLang } from './fields';

export const EXPORT_BATCH = 2000;

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
  return sql`SELECT ${sql.join(columns)} FROM shipments ${sql.join(joins, sql` `)} WHERE ${where}
    ORDER BY ${sql.join(shipmentOrderBy(filters, thresholds))}`;
}

const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm';
const DATE_FORMAT = 'yyyy-mm-dd';

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
      return Number.isFinite(n) ? n : String(value);
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : String(value) === 'true';
    case 'datetime':
      return value instanceof Date ? value : new Date(String(value));
    case 'date': {
      if (value instanceof Date) {
        // A PostgreSQL date read as local midnight: keep the calendar day.
        return new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate()));
      }
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
      return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : String(value);
    }
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
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
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Shipments', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const headers = fields.map((f) => f.label[lang]);
  sheet.columns = fields.map((f, i) => ({
    key: `c${i}`,
    width: columnWidth(f, headers[i]),
    style:
      f.type === 'datetime' ? { numFmt: DATETIME_FORMAT } : f.type === 'date' ? { numFmt: DATE_FORMAT } : {},
  }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: fields.length } };
  const head = sheet.addRow(headers);
  head.font = { bold: true };
  head.commit();

  let rows = 0;
  await db.connection().execute(async (conn) => {
    await sql`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`.execute(conn);
    try {
      await sql`DECLARE shipments_export NO SCROLL CURSOR FOR ${query}`.execute(conn);
      for (;;) {
        const result = await sql<
          Record<string, unknown>
        >`FETCH ${sql.raw(String(batch))} FROM shipments_export`.execute(conn);
        for (const record of result.rows) {
          const row = sheet.addRow(fields.map((f, i) => cellValue(f, record[`c${i}`], lang)));
          row.commit();
        }
        rows += result.rows.length;
        if (result.rows.length < batch) break;
        if (out.destroyed) throw new Error('export stream closed before the end (client gone)');
        // Let the zip stream drain between batches: a slow client must not make the file pile up in memory.
        if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
        else await new Promise((resolve) => setImmediate(resolve));
      }
      await sql`COMMIT`.execute(conn);
    } catch (error) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
  sheet.commit();
  await workbook.commit();
  return rows;
}
