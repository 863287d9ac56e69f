// CSV cells for downloads that a spreadsheet opens (OWASP "CSV Injection"): a text cell that starts with
// = + - @, a tab or a carriage return would be read as a formula (`=HYPERLINK(...)`, `=cmd|...`), so it gets a
// leading single quote, and every cell with a quote, comma, semicolon or line break is quoted with its quotes
// doubled. Numbers stay numbers (-5 is a value, not a formula).

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",;\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text (CRLF line ends, as spreadsheets expect). */
export function csvText(
  rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>,
): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
}
