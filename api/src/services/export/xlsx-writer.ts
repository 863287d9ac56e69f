// A streaming writer of one-sheet xlsx files for the big exports: the sheet's XML is written directly (a row is a
// string built from its values, no cell objects, one style id per column worked out once) into archiver's zip
// stream, the zip library exceljs' WorkbookWriter uses. The package's parts are those exceljs writes (content types,
// relationships, workbook, styles, document properties), so exceljs and Excel read the files as they read
// exceljs' own. exceljs' per-row machinery (a Row and Cell objects, a style object and its serialised lookup per
// cell) was three quarters of the time of a 100,000-row export.
//
// Memory stays bounded: the sheet's XML goes into the zip stream through a PassThrough, and a write that finds it
// full waits for it to drain, which waits for the compressor, which waits for `out` (the client).
import { PassThrough, type Writable } from 'node:stream';
import archiver from 'archiver';

export type XlsxColumnKind = 'string' | 'number' | 'boolean' | 'datetime' | 'date';

export interface XlsxColumn {
  header: string;
  kind: XlsxColumnKind;
  /** Width in characters. */
  width: number;
}

/** A cell value as the writer takes it (what cellValue in shipments-xlsx.ts returns). */
export type XlsxValue = string | number | boolean | Date | null | undefined;

const XLSX_DATETIME_FORMAT = 'yyyy-mm-dd hh:mm';
const XLSX_DATE_FORMAT = 'yyyy-mm-dd';

// cellXfs of styles.xml: 0 plain, 1 datetime, 2 date, 3-5 the same in bold (the header row).
const STYLE_OF_KIND: Record<XlsxColumnKind, number> = {
  string: 0,
  number: 0,
  boolean: 0,
  datetime: 1,
  date: 2,
};
const BOLD = 3;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument';

// eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot carry are the point
const XML_SPECIAL = /[<>&"'\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/;
// eslint-disable-next-line no-control-regex
const XML_SPECIAL_ALL = /[<>&"'\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/g;
const ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data; characters XML cannot carry (control characters) are dropped, as exceljs does. */
function xmlText(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return text.replace(XML_SPECIAL_ALL, (c) => ENTITIES[c] ?? '');
}

/** Excel's column letters of a 0-based index: A … Z, AA … */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

const DAY_MS = 86_400_000;
/** Excel's serial day number (1900 system) of an instant, as exceljs computes it. */
export function excelSerial(ms: number): number {
  return 25569 + ms / DAY_MS;
}

function contentTypes(): string {
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    `<Default Extension="xml" ContentType="application/xml"/>` +
    `<Override PartName="/xl/workbook.xml" ContentType="${CT}.spreadsheetml.sheet.main+xml"/>` +
    `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CT}.spreadsheetml.worksheet+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${CT}.spreadsheetml.styles+xml"/>` +
    `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
    `<Override PartName="/docProps/app.xml" ContentType="${CT}.extended-properties+xml"/>` +
    `</Types>`
  );
}

function rootRels(): string {
  return (
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
    `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
    `<Relationship Id="rId2" Type="${PKG_REL_NS}/metadata/core-properties" Target="docProps/core.xml"/>` +
    `<Relationship Id="rId3" Type="${REL_NS}/extended-properties" Target="docProps/app.xml"/>` +
    `</Relationships>`
  );
}

function appXml(sheetName: string): string {
  return (
    `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" ` +
    `xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Application>Microsoft Excel</Application>` +
    `<DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop><HeadingPairs><vt:vector size="2" baseType="variant">` +
    `<vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant><vt:i4>1</vt:i4></vt:variant></vt:vector>` +
    `</HeadingPairs><TitlesOfParts><vt:vector size="1" baseType="lpstr"><vt:lpstr>${xmlText(sheetName)}</vt:lpstr>` +
    `</vt:vector></TitlesOfParts><LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc>` +
    `<HyperlinksChanged>false</HyperlinksChanged><AppVersion>16.0300</AppVersion></Properties>`
  );
}

function coreXml(now: Date): string {
  const at = `${now.toISOString().slice(0, 19)}Z`;
  return (
    `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    `xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ` +
    `xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<dc:creator>Portal</dc:creator><cp:lastModifiedBy>Portal</cp:lastModifiedBy>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${at}</dcterms:modified></cp:coreProperties>`
  );
}

function workbookXml(sheetName: string): string {
  return (
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<workbookPr defaultThemeVersion="164011" filterPrivacy="1"/>` +
    `<sheets><sheet sheetId="1" name="${xmlText(sheetName)}" state="visible" r:id="rId2"/></sheets>` +
    `<calcPr calcId="171027"/></workbook>`
  );
}

function workbookRels(): string {
  return (
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
    `<Relationship Id="rId1" Type="${REL_NS}/styles" Target="styles.xml"/>` +
    `<Relationship Id="rId2" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `</Relationships>`
  );
}

function stylesXml(): string {
  const xf = (numFmtId: number, fontId: number) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"` +
    `${numFmtId ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}/>`;
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    `<numFmts count="2"><numFmt numFmtId="164" formatCode="${XLSX_DATETIME_FORMAT}"/>` +
    `<numFmt numFmtId="165" formatCode="${XLSX_DATE_FORMAT}"/></numFmts>` +
    `<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>` +
    `<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts>` +
    `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
    `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
    `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
    // the order of STYLE_OF_KIND and BOLD
    `<cellXfs count="6">${xf(0, 0)}${xf(164, 0)}${xf(165, 0)}${xf(0, 1)}${xf(164, 1)}${xf(165, 1)}</cellXfs>` +
    `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>` +
    `<dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/>` +
    `</styleSheet>`
  );
}

export interface XlsxWriterOptions {
  out: Writable;
  columns: readonly XlsxColumn[];
  sheetName?: string;
  /** zlib level of the zip (default 6, as exceljs). */
  level?: number;
  now?: Date;
}

/**
 * One sheet: a bold, frozen header row with an autofilter, column widths, dates as Excel dates with the column's
 * number format. `writeRows` may be called any number of times (it resolves when the rows may be followed by more
 * without piling up in memory), then `finish` once; `abort` on failure.
 */
export class XlsxSheetWriter {
  private readonly archive: ReturnType<typeof archiver>;
  private readonly sheet = new PassThrough({ highWaterMark: 1 << 20 });
  private readonly letters: string[];
  private readonly kinds: XlsxColumnKind[];
  private readonly cellStyle: string[];
  private readonly autoFilter: string;
  private rowNumber = 1;
  private failure: Error | null = null;
  private readonly failed: Promise<never>;
  private readonly done: Promise<void>;

  constructor(private readonly options: XlsxWriterOptions) {
    const { out, columns } = options;
    if (columns.length === 0) throw new Error('an xlsx sheet needs at least one column');
    const sheetName = (options.sheetName ?? 'Sheet1').slice(0, 31);
    this.letters = columns.map((_, i) => columnLetters(i));
    this.kinds = columns.map((c) => c.kind);
    this.cellStyle = columns.map((c) => (STYLE_OF_KIND[c.kind] ? ` s="${STYLE_OF_KIND[c.kind]}"` : ''));

    this.archive = archiver('zip', { zlib: { level: options.level ?? 6 } });
    let reject: (error: Error) => void = () => undefined;
    this.failed = new Promise<never>((_, r) => {
      reject = r;
    });
    this.failed.catch(() => undefined);
    const fail = (error: Error) => {
      if (this.failure) return;
      this.failure = error;
      reject(error);
    };
    this.archive.on('error', fail);
    this.archive.on('warning', fail);
    out.on('error', fail);
    out.on('close', () => {
      if (!out.writableFinished) fail(new Error('export stream closed before the end (client gone)'));
    });
    this.done = new Promise<void>((resolve) => out.once('finish', resolve));
    this.archive.pipe(out);

    const now = options.now ?? new Date();
    const date = now;
    this.archive.append(contentTypes(), { name: '[Content_Types].xml', date });
    this.archive.append(rootRels(), { name: '_rels/.rels', date });
    this.archive.append(workbookXml(sheetName), { name: 'xl/workbook.xml', date });
    this.archive.append(workbookRels(), { name: 'xl/_rels/workbook.xml.rels', date });
    this.archive.append(stylesXml(), { name: 'xl/styles.xml', date });
    this.archive.append(coreXml(now), { name: 'docProps/core.xml', date });
    this.archive.append(appXml(sheetName), { name: 'docProps/app.xml', date });
    this.archive.append(this.sheet, { name: 'xl/worksheets/sheet1.xml', date });

    const last = this.letters[this.letters.length - 1];
    const cols = columns
      .map((c, i) => {
        const style = STYLE_OF_KIND[c.kind];
        const width = Math.round(c.width * 100) / 100;
        return `<col min="${i + 1}" max="${i + 1}" width="${width}"${style ? ` style="${style}"` : ''} customWidth="1"/>`;
      })
      .join('');
    const head = columns
      .map(
        (c, i) =>
          `<c r="${this.letters[i]}1" s="${BOLD + STYLE_OF_KIND[c.kind]}" t="str"><v>${xmlText(c.header)}</v></c>`,
      )
      .join('');
    this.sheet.write(
      `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
        `<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>` +
        `<selection pane="bottomLeft"/></sheetView></sheetViews>` +
        `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>` +
        `<row r="1" spans="1:${columns.length}">${head}</row>`,
    );
    this.autoFilter = `<autoFilter ref="A1:${last}1"/>`;
  }

  /** The XML of one data row (values in column order). */
  private rowXml(values: readonly XlsxValue[]): string {
    const r = ++this.rowNumber;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < this.kinds.length; i++) {
      const v = values[i];
      if (v === null || v === undefined) continue;
      const ref = this.letters[i] + r;
      if (typeof v === 'number') {
        if (Number.isFinite(v)) xml += `<c r="${ref}"${this.cellStyle[i]}><v>${v}</v></c>`;
        else xml += `<c r="${ref}" t="str"><v>${String(v)}</v></c>`;
      } else if (typeof v === 'string') {
        xml += `<c r="${ref}"${this.cellStyle[i]} t="str"><v>${xmlText(v)}</v></c>`;
      } else if (typeof v === 'boolean') {
        xml += `<c r="${ref}"${this.cellStyle[i]} t="b"><v>${v ? 1 : 0}</v></c>`;
      } else if (v instanceof Date) {
        const ms = v.getTime();
        // an unreadable date stays an empty cell (never NaN in the file)
        if (Number.isFinite(ms)) xml += `<c r="${ref}"${this.cellStyle[i]}><v>${excelSerial(ms)}</v></c>`;
      }
    }
    return `${xml}</row>`;
  }

  /** Appends rows; resolves when more may be written (the zip stream has room again). */
  async writeRows(rows: readonly (readonly XlsxValue[])[]): Promise<void> {
    if (this.failure) throw this.failure;
    let xml = '';
    for (const row of rows) xml += this.rowXml(row);
    if (xml) await this.write(xml);
  }

  private async write(xml: string): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.sheet.write(xml)) return;
    await Promise.race([new Promise<void>((resolve) => this.sheet.once('drain', resolve)), this.failed]);
  }

  /** Number of data rows written so far. */
  get rows(): number {
    return this.rowNumber - 1;
  }

  /** Closes the sheet and the zip; resolves when `out` has every byte. */
  async finish(): Promise<void> {
    await this.write(
      `</sheetData>${this.autoFilter}` +
        `<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`,
    );
    this.sheet.end();
    await Promise.race([this.archive.finalize(), this.failed]);
    await Promise.race([this.done, this.failed]);
  }

  /** Stops writing after a failure: the zip is left unfinished (never a file that looks whole). */
  abort(): void {
    // detached first: archiver's abort ends its output, which must not end `out` as if the file were whole (the
    // caller destroys `out`)
    this.archive.unpipe(this.options.out);
    this.sheet.destroy();
    this.archive.abort();
  }
}
