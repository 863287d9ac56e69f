// The free-time rules as a spreadsheet, the way forwarders keep them: one row per rule, the tariff of a clock in one
// cell ("1-5: 75; 6-10: 100; 11+: 150"). The export is also the template (header row, an instructions sheet in the
// user's language); the import reads it back into rule inputs, each problem named by its row and column.
import ExcelJS from 'exceljs';
import {
  FREE_TIME_CONTAINER_TYPES,
  FREE_TIME_DAY_COUNTS,
  FREE_TIME_DEMURRAGE_STOPS,
  FREE_TIME_MODES,
  FREE_TIME_STARTS,
  type FreeTimeTier,
} from '@portal/shared-api/domain';
import { translate, type Lang } from '../../i18n';
import type { FreeTimeRuleInput } from './check';

/** The template's columns, in order; the header row holds these keys in every language. */
export const SHEET_COLUMNS = [
  'carrier',
  'pod_locode',
  'container_type',
  'mode',
  'demurrage_free_days',
  'detention_free_days',
  'combined_free_days',
  'day_count',
  'demurrage_start',
  'demurrage_stop',
  'detention_start',
  'demurrage_tiers',
  'detention_tiers',
  'combined_tiers',
  'currency',
] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];

export const CHOICES: Partial<Record<SheetColumn, readonly string[]>> = {
  mode: FREE_TIME_MODES,
  day_count: FREE_TIME_DAY_COUNTS,
  demurrage_start: FREE_TIME_STARTS,
  demurrage_stop: FREE_TIME_DEMURRAGE_STOPS,
  detention_start: FREE_TIME_STARTS,
  container_type: FREE_TIME_CONTAINER_TYPES,
};

/** What each column takes (English; the instructions sheet writes them in the user's language). */
const COLUMN_HELP: Record<SheetColumn, string> = {
  carrier: 'SCAC of the carrier (e.g. MAEU) or its name; empty: any carrier.',
  pod_locode: 'UN/LOCODE of the port of discharge (e.g. ESVLC); empty: any port.',
  container_type: `Container size/type: ${FREE_TIME_CONTAINER_TYPES.join(', ')}; empty: any type.`,
  mode: 'separate: demurrage and detention counted apart; combined: one free time from discharge to empty return.',
  demurrage_free_days: 'Free days at the terminal (separate mode), 0 to 365.',
  detention_free_days: 'Free days to return the empty (separate mode), 0 to 365.',
  combined_free_days: 'Free days from discharge to empty return (combined mode), 0 to 365.',
  day_count: "calendar or working (working days skip the weekend of the port's country); empty: calendar.",
  demurrage_start:
    'event_day: the first free day is the discharge day; next_day: the day after; empty: event_day.',
  demurrage_stop:
    'gate_out: demurrage stops at the full gate-out; delivery: at the delivery; empty: gate_out.',
  detention_start:
    'event_day: the first free day is the gate-out day; next_day: the day after; empty: event_day.',
  demurrage_tiers:
    'Demurrage rate per day over free time, e.g. 1-5: 75; 6-10: 100; 11+: 150 (empty: no charge).',
  detention_tiers: 'Detention rate per day over free time, in the same form.',
  combined_tiers: 'Rate per day over the combined free time, in the same form.',
  currency: 'ISO 4217 code of the rates (EUR, USD…).',
};

export const SHEET_MESSAGES = {
  notTemplate: (columns: string[]) =>
    `This file is not the free-time rules template: the header row of its first sheet must have the columns ${columns.join(', ')}. Export the rules to get the template.`,
  notXlsx: 'The file is not an .xlsx workbook: export the rules, edit the file and upload it as .xlsx.',
  noRules: 'The file has no rules: fill in the rows under the header row.',
  tiers: 'Write the tiers as "1-5: 75; 6-10: 100; 11+: 150" (days over free time: rate per day).',
  choice: (value: string, options: readonly string[]) =>
    `Not a valid value "${value}": use one of ${options.join(', ')}.`,
  integer: 'A valid integer is required.',
  unknownCarrier: (c: string) => `Unknown carrier "${c}": use a SCAC (e.g. MAEU) or a carrier name.`,
  sameScope: (row: number) => `Same carrier, port and container type as row ${row}.`,
  instructionsTitle: 'Instructions',
  rulesTitle: 'Free-time rules',
  column: 'Column',
  whatToWrite: 'What to write',
  allOrNothing:
    'Every row is checked first; nothing is saved unless the whole file is valid. The most specific rule ' +
    'wins (carrier 4 points, port 2, container type 1).',
} as const;

/** "1-5: 75; 6-10: 100; 11+: 150" ⇄ tiers. */
function tiersText(tiers: readonly FreeTimeTier[]): string {
  return tiers.map((t) => `${t.from_day}${t.to_day === null ? '+' : `-${t.to_day}`}: ${t.rate}`).join('; ');
}

const TIER = /^(\d{1,6})\s*(?:-\s*(\d{1,6})|\+)\s*[:=]\s*(-?\d{1,12}(?:[.,]\d{1,4})?)$/;

export function parseTiers(text: string): FreeTimeTier[] | null {
  const parts = text
    .split(/[;\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: FreeTimeTier[] = [];
  for (const part of parts) {
    const m = TIER.exec(part);
    if (!m) return null;
    out.push({
      from_day: Number(m[1]),
      to_day: m[2] ? Number(m[2]) : null,
      rate: Number(m[3].replace(',', '.')),
    });
  }
  return out;
}

/** The cell texts of one rule, by column. */
function ruleCells(
  rule: FreeTimeRuleInput & { carrier_scac: string | null },
): Record<SheetColumn, string | number> {
  const n = (v: number | null) => (v === null ? '' : v);
  return {
    carrier: rule.carrier_scac ?? '',
    pod_locode: rule.pod_locode ?? '',
    container_type: rule.container_type ?? '',
    mode: rule.mode,
    demurrage_free_days: n(rule.demurrage_free_days),
    detention_free_days: n(rule.detention_free_days),
    combined_free_days: n(rule.combined_free_days),
    day_count: rule.day_count,
    demurrage_start: rule.demurrage_start,
    demurrage_stop: rule.demurrage_stop,
    detention_start: rule.detention_start,
    demurrage_tiers: tiersText(rule.demurrage_tiers),
    detention_tiers: tiersText(rule.detention_tiers),
    combined_tiers: tiersText(rule.combined_tiers),
    currency: rule.currency,
  };
}

/** The workbook: the rules sheet first (the import reads the first sheet), then the instructions. */
export async function rulesWorkbook(
  rules: Array<FreeTimeRuleInput & { carrier_scac: string | null }>,
  lang: Lang,
): Promise<Buffer> {
  const t = (text: string) => translate(text, lang);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Container tracking portal';
  const sheet = workbook.addWorksheet(t(SHEET_MESSAGES.rulesTitle));
  sheet.columns = SHEET_COLUMNS.map((key) => ({ header: key, key, width: Math.max(14, key.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const rule of rules) sheet.addRow(ruleCells(rule));
  // Drop-downs for the columns with fixed values, a good way below the last rule.
  const last = Math.max(rules.length + 200, 500);
  SHEET_COLUMNS.forEach((key, index) => {
    const options = CHOICES[key];
    if (!options) return;
    const column = sheet.getColumn(index + 1).letter;
    // One range per column (cell by cell would build thousands of cells for nothing).
    (
      sheet as unknown as { dataValidations: { add: (a: string, v: ExcelJS.DataValidation) => void } }
    ).dataValidations.add(`${column}2:${column}${last}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`"${options.join(',')}"`],
    });
  });
  const help = workbook.addWorksheet(t(SHEET_MESSAGES.instructionsTitle));
  help.columns = [
    { header: t(SHEET_MESSAGES.column), key: 'a', width: 24 },
    { header: t(SHEET_MESSAGES.whatToWrite), key: 'b', width: 110 },
  ];
  help.getRow(1).font = { bold: true };
  for (const key of SHEET_COLUMNS) help.addRow({ a: key, b: t(COLUMN_HELP[key]) });
  help.addRow({});
  help.addRow({ a: t(SHEET_MESSAGES.allOrNothing) });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
