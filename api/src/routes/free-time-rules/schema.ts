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
import { MAX_FREE_DAYS, MAX_RATE, MAX_TIER_DAY, MAX_TIERS } from '../../services/free-time-rules';

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

export const FreeTimeRuleSchema = Type.Object(
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
export const FreeTimeRuleWriteSchema = Type.Partial(Type.Object(ruleFields), {
  title: 'FreeTimeRuleWrite',
  additionalProperties: false,
});

export const FreeTimeImportSchema = Type.Object(
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
