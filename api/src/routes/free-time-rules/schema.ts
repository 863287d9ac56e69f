// The free-time rules' schemas: the answer (with the carrier's and port's names) and the write body. Every field
// is bounded here; the rules between fields (days per mode, contiguous tiers, known currency, carrier, port and
// type) are checked by services/free-time-rules/check.ts, which the spreadsheet import shares.
import { Type, type TSchema } from '@sinclair/typebox';
import {
  FREE_TIME_CONTAINER_TYPES,
  FREE_TIME_DAY_COUNTS,
  FREE_TIME_DEMURRAGE_STOPS,
  FREE_TIME_MODES,
  FREE_TIME_STARTS,
} from '@portal/shared-api/domain';
import { errors, idWriteErrors, Paged, pageAndOrdering } from '../../lib/schemas';
import { MAX_FILE_BYTES } from '../../lib/upload-files';
import {
  FREE_TIME_RULE_ORDERING as ORDERING,
  MAX_FREE_DAYS,
  MAX_RATE,
  MAX_TIER_DAY,
  MAX_TIERS,
} from '../../services/free-time-rules';
import { SHEET_COLUMNS } from '../../services/free-time-rules/sheet';

const INT4_MAX = 2147483647;
/** Wider than the rules, so the check names the tier and says what is wrong rather than a bare bound. */
const TIER_LIST_MAX = 50;

const oneOf = (values: readonly string[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const TierSchema = Type.Object(
  {
    from_day: Type.Integer({
      minimum: -100_000,
      maximum: 100_000,
      description: 'First day over free time, from 1',
    }),
    to_day: nullable(
      Type.Integer({
        minimum: -100_000,
        maximum: 100_000,
        description: 'Last day; null: open-ended (last tier)',
      }),
    ),
    rate: Type.Number({ minimum: -1e9, maximum: 1e9, description: `Per day, 0..${MAX_RATE}` }),
  },
  { title: 'FreeTimeTier' },
);

const tierList = (what: string) =>
  Type.Array(TierSchema, {
    maxItems: TIER_LIST_MAX,
    description:
      `${what}: at most ${MAX_TIERS} tiers, contiguous from day 1 (days 1..${MAX_TIER_DAY}), the last one ` +
      'open-ended; empty: no charge.',
  });

const days = (description: string) =>
  nullable(
    Type.Integer({ minimum: 0, maximum: MAX_FREE_DAYS, description: `${description} (0..${MAX_FREE_DAYS})` }),
  );

const ruleFields = {
  carrier_id: nullable(
    Type.Integer({ minimum: 1, maximum: INT4_MAX, description: 'Carrier id; null: any carrier' }),
  ),
  pod_locode: nullable(
    Type.String({ maxLength: 5, description: 'UN/LOCODE of the port of discharge; null: any port' }),
  ),
  container_type: nullable(
    Type.String({
      maxLength: 4,
      description: `Container size/type group (${FREE_TIME_CONTAINER_TYPES.join(', ')}); null: any`,
    }),
  ),
  mode: oneOf(FREE_TIME_MODES, 'separate: demurrage and detention apart; combined: one free time'),
  demurrage_free_days: days('Demurrage free days, separate mode'),
  detention_free_days: days('Detention free days, separate mode'),
  combined_free_days: days('Combined free days, combined mode'),
  day_count: oneOf(
    FREE_TIME_DAY_COUNTS,
    "Free days in calendar days or working days (the POD country's weekend)",
  ),
  demurrage_start: oneOf(
    FREE_TIME_STARTS,
    'First free day of demurrage (or combined): the discharge day or the next',
  ),
  demurrage_stop: oneOf(FREE_TIME_DEMURRAGE_STOPS, 'Demurrage stops at the full gate-out or at the delivery'),
  detention_start: oneOf(FREE_TIME_STARTS, 'First free day of detention: the gate-out day or the next'),
  demurrage_tiers: tierList('Demurrage tariff, separate mode'),
  detention_tiers: tierList('Detention tariff, separate mode'),
  combined_tiers: tierList('Combined tariff, combined mode'),
  currency: Type.String({ maxLength: 3, description: 'ISO 4217 code of the tariff (EUR, USD…)' }),
};

const FreeTimeRuleSchema = Type.Object(
  {
    id: Type.Integer(),
    ...ruleFields,
    carrier_id: nullable(Type.Integer()),
    carrier_scac: nullable(Type.String()),
    carrier_name: nullable(Type.String({ description: "The carrier's short name; null: any carrier" })),
    pod_locode: nullable(Type.String()),
    pod_name: nullable(Type.String({ description: "The port's name; null: any port" })),
    container_type: nullable(Type.String()),
    demurrage_tiers: Type.Array(TierSchema),
    detention_tiers: Type.Array(TierSchema),
    combined_tiers: Type.Array(TierSchema),
    currency: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    modified_at: Type.String({ format: 'date-time' }),
  },
  { title: 'FreeTimeRule' },
);

/** POST and PUT need mode and currency (and the days of the mode); PATCH changes only what it names. */
const FreeTimeRuleWriteSchema = Type.Partial(Type.Object(ruleFields), {
  title: 'FreeTimeRuleWrite',
  additionalProperties: false,
});

const FreeTimeImportSchema = Type.Object(
  {
    mode: oneOf(
      ['upsert', 'replace'],
      'upsert: add and change; replace: also delete the rules not in the file',
    ),
    created: Type.Integer(),
    updated: Type.Integer(),
    deleted: Type.Integer(),
    total: Type.Integer({ description: 'Rules of the company after the import' }),
  },
  { title: 'FreeTimeRuleImportResult' },
);

// The route schemas, in the order the routes are registered (that order is the OpenAPI document's).
const TAG = 'free-time-rules';
const WRITE_RULE =
  'Managers with write permission (or superusers with write permission) only; others 403. After the change the ' +
  "company's containers are recomputed in the background.";
const params = Type.Object({ id: Type.String({ maxLength: 12, description: 'Rule id' }) });

/** GET /free-time-rules/ */
export const listRoute = {
  tags: [TAG],
  summary: "Your company's free-time rules (paged by 30)",
  description:
    'Default order: the most general rules first (any carrier, any port, any type), then by carrier, port ' +
    'and container type. The most specific rule that fits a container applies (carrier 4, port 2, type 1 ' +
    'points; the scope is unique per company, so there is never a tie).',
  security: [{ token: [] }],
  querystring: Type.Object(pageAndOrdering(ORDERING)),
  response: {
    200: Paged(FreeTimeRuleSchema, 'FreeTimeRulePage'),
    ...errors[400](),
    ...errors[401],
    ...errors[404],
  },
};

/** GET /free-time-rules/:id/ */
export const detailRoute = {
  tags: [TAG],
  summary: 'One free-time rule',
  security: [{ token: [] }],
  params,
  response: { 200: FreeTimeRuleSchema, ...errors[401], ...errors[404] },
};

/** POST /free-time-rules/ */
export const createRoute = {
  tags: [TAG],
  summary: 'Create a free-time rule',
  description: `${WRITE_RULE} One rule per scope (carrier, port, container type; null = any).`,
  security: [{ token: [] }],
  body: FreeTimeRuleWriteSchema,
  response: { 201: FreeTimeRuleSchema, ...errors[400](), ...errors[401], ...errors[403] },
};

/** PUT (`full`) and PATCH /free-time-rules/:id/ */
export const changeRoute = (full: boolean) => ({
  tags: [TAG],
  summary: full
    ? 'Replace a free-time rule (fields left out take their defaults)'
    : 'Change some fields of a free-time rule',
  description: WRITE_RULE,
  security: [{ token: [] }],
  params,
  body: FreeTimeRuleWriteSchema,
  response: { 200: FreeTimeRuleSchema, ...idWriteErrors() },
});

/** DELETE /free-time-rules/:id/ */
export const deleteRoute = {
  tags: [TAG],
  summary: 'Delete a free-time rule',
  description: WRITE_RULE,
  security: [{ token: [] }],
  params,
  response: {
    204: Type.Null({ description: 'Deleted' }),
    ...errors[401],
    ...errors[403],
    ...errors[404],
  },
};

/** GET /free-time-rules/export/ */
export const exportRoute = {
  tags: ['free-time-rules'],
  summary: "Your company's free-time rules as a spreadsheet (also the import template)",
  description:
    `XLSX: the first sheet has the header row (${SHEET_COLUMNS.join(', ')}) and one rule per row; tiers as ` +
    '"1-5: 75; 6-10: 100; 11+: 150". A second sheet explains each column in the language of the request ' +
    '(Accept-Language). With no rules it is the empty template. File name free-time-rules.xlsx.',
  security: [{ token: [] }],
  response: { 200: Type.String({ format: 'binary', description: 'The workbook' }), ...errors[401] },
};

/** POST /free-time-rules/import/ */
export const importRoute = {
  tags: ['free-time-rules'],
  summary: 'Import the free-time rules spreadsheet (all or nothing)',
  description:
    'multipart/form-data, the first file part (e.g. `file`): the workbook of GET free-time-rules/export/. ' +
    '`?mode=upsert` (default) adds the rules of new scopes and changes those of existing ones; ' +
    '`?mode=replace` also deletes the rules whose scope is not in the file. Every row is checked first ' +
    '(the rules of POST free-time-rules/ plus duplicates within the file); any problem gives 400 with ' +
    "`non_field_errors` (a summary) and `row N` (N = the row in the sheet, header = 1) listing 'column: " +
    "message', and nothing is saved. A file that is not the template: 400 `{file: [message]}`; more than " +
    `${MAX_FILE_BYTES / 1024 / 1024} MB: 413. Managers only (403 otherwise). One transaction; the company's ` +
    'containers are then recomputed in the background.',
  security: [{ token: [] }],
  consumes: ['multipart/form-data'],
  querystring: Type.Object({
    mode: Type.Optional(
      Type.Union([Type.Literal('upsert'), Type.Literal('replace')], { description: 'Default upsert' }),
    ),
  }),
  body: Type.Object(
    { file: Type.Optional(Type.String({ format: 'binary', description: 'The .xlsx file' })) },
    { title: 'FreeTimeRuleImportUpload' },
  ),
  response: {
    200: FreeTimeImportSchema,
    ...errors[400]('Bad file `{file: [...]}` or bad rows `{non_field_errors: [...], "row N": [...]}`'),
    ...errors[401],
    ...errors[403],
    413: Type.Unsafe({ $ref: 'FieldErrors#', description: 'File too large: `{file: [message]}`' }),
  },
};
