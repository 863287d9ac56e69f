// The user profile: alert thresholds, e-mail report settings and view preferences (spec section 3).
import { ROLE_IDS } from '@portal/shared-api/domain';
import { Type, type TOptional } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { UserProfile, UserProfilesEmailColumns } from '../../db/types';
import { errors, idWriteErrors, PageQuerySchema, Paged } from '../../lib/schemas';

export const THRESHOLDS = [
  'max_days_in_tsp',
  'max_days_in_tsp_planned_initial',
  'max_days_in_tsp_planned_last',
  'max_days_in_pol_planned_initial',
  'max_days_in_pol_planned_last',
  'max_days_in_pod_planned_initial',
  'max_days_in_pod_planned_last',
  'max_days_eta_pod_discrepancy',
  'max_days_eta_dlv_discrepancy',
] as const;

/** Largest PostgreSQL integer (int4): every number of the profile is stored in one. */
const INT4_MAX = 2147483647;
/** Most attention-required event codes, report addresses and columns one profile may hold. */
const MAX_EVENT_CODES = 200;
const MAX_REPORT_EMAILS = 20;
const MAX_COLUMNS = 300;
/** Bounds of the ETA-change e-mail threshold, in hours (a month at most; null: no e-mail). */
const ETA_ALERT_HOURS = { min: 1, max: 720 } as const;
/** Bounds of "warn N days before the last free day" (migrations/0033 checks the same). */
const FREE_TIME_WARNING_DAYS = { min: 0, max: 60 } as const;
/** Languages of the scheduled report e-mails (the portal's own two; migrations/0014 checks the same). */
const EMAIL_LANGUAGES = ['es', 'en'] as const;

const threshold = () =>
  Type.Union([Type.Integer({ minimum: 1, maximum: INT4_MAX }), Type.Null()], {
    description: 'Days, at least 1, or null (no check)',
  });
const risk = () =>
  Type.Union([Type.Literal(1), Type.Literal(2), Type.Null()], { description: '1 low, 2 high, or null' });
const daysOfDelay = () =>
  Type.Integer({ minimum: 1, maximum: INT4_MAX, description: 'At least 1 (default 1)' });
const daysInAdvance = () =>
  Type.Integer({
    minimum: -INT4_MAX,
    maximum: INT4_MAX,
    description: 'Any non-zero integer; stored and answered as negative (default -1)',
  });
const eventCodes = () =>
  Type.Array(Type.Integer({ minimum: 0, maximum: INT4_MAX }), {
    maxItems: MAX_EVENT_CODES,
    description: 'Codes of GET /api/event-codes/ (an unknown code is refused)',
  });
const columns = (what: string) =>
  Type.Array(Type.String({ maxLength: 100 }), {
    maxItems: MAX_COLUMNS,
    description: `Columns shown in the ${what} list`,
  });

/** Fields a user may change on their own profile, with their types. */
const EDITABLE_FIELDS = {
  report_emails: Type.Array(Type.String({ format: 'email', maxLength: 254 }), {
    maxItems: MAX_REPORT_EMAILS,
    description: 'Addresses of the e-mail reports',
  }),
  days_of_delay: daysOfDelay(),
  days_in_advance: daysInAdvance(),
  attention_required_event_codes: eventCodes(),
  pod_timeofarrival_warning_risk: risk(),
  ...(Object.fromEntries(THRESHOLDS.map((f) => [f, threshold()])) as Record<
    (typeof THRESHOLDS)[number],
    ReturnType<typeof threshold>
  >),
  email_report_days_of_delay: daysOfDelay(),
  email_report_days_in_advance: daysInAdvance(),
  email_report_attention_required_event_codes: eventCodes(),
  email_pod_timeofarrival_warning_risk: risk(),
  ...(Object.fromEntries(THRESHOLDS.map((f) => [`email_report_${f}`, threshold()])) as Record<
    `email_report_${(typeof THRESHOLDS)[number]}`,
    ReturnType<typeof threshold>
  >),
  email_language: Type.Union(
    EMAIL_LANGUAGES.map((lang) => Type.Literal(lang)),
    { description: 'Language of the scheduled report e-mails: es (default) or en' },
  ),
  eta_change_alert_hours: Type.Union(
    [Type.Integer({ minimum: ETA_ALERT_HOURS.min, maximum: ETA_ALERT_HOURS.max }), Type.Null()],
    {
      description:
        `E-mail me when an arrival (ETA at POD or delivery) moves by more than this many hours ` +
        `(${ETA_ALERT_HOURS.min}–${ETA_ALERT_HOURS.max}); null (default): no e-mail`,
    },
  ),
  free_time_warning_days: Type.Integer({
    minimum: FREE_TIME_WARNING_DAYS.min,
    maximum: FREE_TIME_WARNING_DAYS.max,
    description:
      `Warn this many days before a container's last free day (demurrage and detention): the dashboard ` +
      `count and the e-mail digest (${FREE_TIME_WARNING_DAYS.min}–${FREE_TIME_WARNING_DAYS.max}, default 3)`,
  }),
  trackings_fields: columns('tracking request'),
  shipments_fields: columns('shipment'),
};

export type EditableField = keyof typeof EDITABLE_FIELDS;
export const EDITABLE_FIELD_NAMES = Object.keys(EDITABLE_FIELDS) as EditableField[];
export const JSON_FIELDS: EditableField[] = [
  'report_emails',
  'attention_required_event_codes',
  'email_report_attention_required_event_codes',
  'trackings_fields',
  'shipments_fields',
];
/** The only fields a limited user (role 2) may change. */
export const VIEW_PREFERENCE_FIELDS: EditableField[] = ['shipments_fields', 'trackings_fields'];
export const READ_ONLY_FIELDS = ['company', 'role', 'is_manager'] as const;

export const UserProfileSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Profile id; always equal to the user id' }),
    user: Type.Integer({ description: 'User id' }),
    company: Type.Integer({ description: 'Company id (read-only)' }),
    role: Type.Union([...ROLE_IDS.map((id) => Type.Literal(id)), Type.Null()], {
      description: '1 standard, 2 limited (read-only); null: no role, no permission',
    }),
    is_manager: Type.Boolean({ description: 'Read-only' }),
    ...EDITABLE_FIELDS,
  },
  { title: 'UserProfile' },
);

/** PATCH body: any subset of the editable fields; company, role, is_manager only if unchanged. */
const UserProfilePatchSchema = Type.Object(
  {
    ...(Object.fromEntries(EDITABLE_FIELD_NAMES.map((f) => [f, Type.Optional(EDITABLE_FIELDS[f])])) as {
      [K in EditableField]: TOptional<(typeof EDITABLE_FIELDS)[K]>;
    }),
    company: Type.Optional(Type.Unknown({ description: 'Read-only: accepted only if unchanged' })),
    role: Type.Optional(Type.Unknown({ description: 'Read-only: accepted only if unchanged' })),
    is_manager: Type.Optional(Type.Unknown({ description: 'Read-only: accepted only if unchanged' })),
  },
  { title: 'UserProfilePatch', description: 'Unknown fields are ignored.' },
);

export type UserProfileOut = {
  id: number;
  user: number;
  company: number;
  role: (typeof ROLE_IDS)[number] | null;
  is_manager: boolean;
} & Record<EditableField, unknown>;

/** A profile row as selected (selectAll also brings the columns added by later migrations). */
type ProfileRow = UserProfile & Partial<Selectable<UserProfilesEmailColumns>>;

/** The answer for one profile row. */
export function profileOut(row: UserProfile): UserProfileOut {
  const p: ProfileRow = { email_language: 'es', ...row };
  const out: Record<string, unknown> = {
    id: p.id,
    user: p.id,
    company: p.company_id,
    role: p.role_id,
    is_manager: p.is_manager,
  };
  for (const f of EDITABLE_FIELD_NAMES) out[f] = p[f];
  return out as UserProfileOut;
}

// The route schemas, in the order the routes are registered (that order is the OpenAPI document's).

/** GET /user-profiles/ */
export const listRoute = {
  tags: ['user-profiles'],
  summary: "Profiles of the caller's company (paged by 30)",
  security: [{ token: [] }],
  querystring: PageQuerySchema,
  response: { 200: Paged(UserProfileSchema, 'UserProfilePage'), ...errors[401], ...errors[404] },
};

/** GET /user-profiles/:id/ */
export const detailRoute = {
  tags: ['user-profiles'],
  summary: 'One profile of the caller’s company (id = user id)',
  security: [{ token: [] }],
  params: Type.Object({ id: Type.String({ description: 'Profile id (= user id)' }) }),
  response: { 200: UserProfileSchema, ...errors[401], ...errors[404] },
};

/** PATCH /user-profiles/:id/ */
export const patchRoute = {
  tags: ['user-profiles'],
  summary: 'Change your own profile',
  description:
    'Only your own profile (another company’s id: 404; a colleague’s: 403). Limited users (role 2) ' +
    'may only change shipments_fields and trackings_fields (403 otherwise). company, role and ' +
    'is_manager are read-only. days_in_advance is stored as -abs(n). All or nothing.',
  security: [{ token: [] }],
  params: Type.Object({ id: Type.String({ description: 'Profile id (= user id)' }) }),
  body: UserProfilePatchSchema,
  response: {
    200: UserProfileSchema,
    ...idWriteErrors(),
  },
};
