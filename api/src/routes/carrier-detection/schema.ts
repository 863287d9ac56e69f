// Schemas of carrier detection and the prefix overrides: the answers, and the route schemas in the order the routes
// are registered (that order is the OpenAPI document's).
import { Type } from '@sinclair/typebox';
import { errors } from '../../lib/schemas';
import { DETECT_KINDS, MAX_OVERRIDES, NUMBER_MAX, OVERRIDE_KINDS } from '../../services/carrier-detection';

const security = [{ token: [] }];
const tags = ['reference lists'];

const CarrierSummary = Type.Object(
  { id: Type.Integer(), scac: Type.String(), short_name: Type.String(), official_name: Type.String() },
  { title: 'DetectedCarrier' },
);

const DetectionSchema = Type.Object(
  {
    number: Type.String({ description: 'The number as read (trimmed, upper case, no spaces)' }),
    kind: Type.Union(DETECT_KINDS.map((k) => Type.Literal(k))),
    prefix: Type.Union([Type.String(), Type.Null()], {
      description: 'Its first four letters, if it has them',
    }),
    match: Type.Union([Type.Literal('exact'), Type.Literal('ambiguous'), Type.Literal('none')], {
      description: 'exact: one carrier; ambiguous: several (pick one); none: no carrier of the portal',
    }),
    source: Type.Union([Type.Literal('override'), Type.Literal('table'), Type.Literal('scac'), Type.Null()], {
      description: "What decided: your company's override, the prefix table, a carrier's SCAC as prefix",
    }),
    leased: Type.Boolean({ description: "A leasing company's container prefix: it names no carrier" }),
    scacs: Type.Array(Type.String(), {
      description: 'SCACs the prefix table names (tracked by the portal or not)',
    }),
    carriers: Type.Array(CarrierSummary),
    message: Type.Union([Type.String(), Type.Null()], { description: 'Why you must pick (null when exact)' }),
  },
  { title: 'CarrierDetection' },
);

const OverrideKind = Type.Union(
  OVERRIDE_KINDS.map((k) => Type.Literal(k)),
  { description: 'container: container numbers; reference: booking and B/L numbers' },
);

const OverrideSchema = Type.Object(
  {
    id: Type.Integer(),
    kind: OverrideKind,
    prefix: Type.String({ description: 'Four letters' }),
    carrier: CarrierSummary,
    created_by: Type.Union([Type.String(), Type.Null()], { description: 'Username' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { title: 'CarrierPrefixOverride' },
);

/** GET /carriers/detect/ */
export const detectRoute = {
  tags,
  summary: 'The carrier a container, booking or B/L number names',
  description:
    "By the number's first four letters: a container's ISO 6346 owner prefix, or the carrier prefix in " +
    "front of a booking / B/L number; your company's overrides win over the built-in table. Leasing " +
    `companies' prefixes name no carrier. number: required, at most ${NUMBER_MAX} characters; kind: ` +
    `${DETECT_KINDS.join(', ')}. Bad input: 400 {field: [messages]}.`,
  security,
  querystring: Type.Object({
    number: Type.Optional(Type.Unknown({ description: 'The number (or its start, 4 letters or more)' })),
    kind: Type.Optional(Type.Unknown({ description: DETECT_KINDS.join(', ') })),
  }),
  response: { 200: DetectionSchema, ...errors[400](), ...errors[401] },
};

/** GET /carrier-prefix-overrides/ */
export const listOverridesRoute = {
  tags,
  summary: "Your company's carrier prefix overrides",
  description: `At most ${MAX_OVERRIDES}, so not paged. Any user of the company may read them.`,
  security,
  response: { 200: Type.Array(OverrideSchema), ...errors[401] },
};

/** POST /carrier-prefix-overrides/ */
export const createOverrideRoute = {
  tags,
  summary: 'Map a prefix to a carrier for your company',
  description:
    'E.g. a leased container prefix (TGHU) to the carrier your company ships them with. Wins over the ' +
    `built-in table. One per kind and prefix; at most ${MAX_OVERRIDES}. Managers with write permission only ` +
    '(others 403).',
  security,
  body: Type.Object(
    {
      kind: OverrideKind,
      prefix: Type.String({ minLength: 4, maxLength: 4, description: 'Four letters' }),
      carrier_id: Type.Integer({ description: 'An active carrier' }),
    },
    { title: 'CarrierPrefixOverrideCreate' },
  ),
  response: { 201: OverrideSchema, ...errors[400](), ...errors[401], ...errors[403] },
};

/** DELETE /carrier-prefix-overrides/:id/ */
export const deleteOverrideRoute = {
  tags,
  summary: 'Delete one of your company’s carrier prefix overrides',
  description: 'Managers with write permission only (others 403); another company’s id: 404.',
  security,
  params: Type.Object({ id: Type.String() }),
  response: { 204: Type.Null(), ...errors[401], ...errors[403], ...errors[404] },
};
