// Carrier detection from a number: the owner prefix of a container number (ISO 6346, its first four letters) or
// the carrier prefix in front of a booking / B/L number names the carrier, by the curated table in
// prefixes.json (where it comes from and how to update it: api/README.md, "Carrier detection"), unless the
// company maps the prefix itself (carrier_prefix_overrides, which win). The answer says whether exactly one of
// the portal's active carriers matches, several do, or none: callers never pick one of several.
import type { Kysely } from 'kysely';
import type { CodeTypeId } from '@portal/shared-api/domain';
import type { Database } from '../../db/types';
import table from './prefixes.json';

/** The kinds of number: a container number, or a booking / B/L number. */
export const DETECT_KINDS = ['container', 'booking', 'bl'] as const;
export type DetectKind = (typeof DETECT_KINDS)[number];

/** Which table a kind reads: bookings and B/Ls carry the same carrier prefixes. */
export type PrefixKind = 'container' | 'reference';
const prefixKindOf = (kind: DetectKind): PrefixKind => (kind === 'container' ? 'container' : 'reference');

/** The detect kind of a tracking request's code type. */
export const KIND_OF_CODE_TYPE: Record<CodeTypeId, DetectKind> = {
  c_id: 'container',
  b_id: 'booking',
  m_bl: 'bl',
};

/** Longest number accepted (a booking / B/L is at most 35 characters; a container 12 with its hyphen). */
export const NUMBER_MAX = 35;

export const DETECTION_MESSAGES = {
  ambiguous: 'Several carriers use this prefix: pick one.',
  none: 'No carrier recognised from this number: pick one.',
} as const;

export interface PrefixEntry {
  prefix: string;
  /** SCACs of the carriers the prefix names (empty for a leasing company's prefix). */
  scacs: string[];
  leased?: boolean;
  owner: string;
}

export interface PrefixTable {
  container: PrefixEntry[];
  reference: PrefixEntry[];
}

const PREFIX = /^[A-Z]{4}$/;

/** The table by kind and prefix; a malformed or repeated entry stops the API at start-up, not a request. */
export function indexTable(data: PrefixTable): Record<PrefixKind, Map<string, PrefixEntry>> {
  const out = { container: new Map<string, PrefixEntry>(), reference: new Map<string, PrefixEntry>() };
  for (const kind of ['container', 'reference'] as const) {
    for (const entry of data[kind]) {
      if (!PREFIX.test(entry.prefix)) throw new Error(`prefixes.json: bad ${kind} prefix "${entry.prefix}"`);
      if (out[kind].has(entry.prefix)) throw new Error(`prefixes.json: ${kind} prefix ${entry.prefix} twice`);
      if (!entry.scacs.every((s) => /^[A-Z]{2,4}$/.test(s)))
        throw new Error(`prefixes.json: bad SCAC in ${kind} prefix ${entry.prefix}`);
      if (entry.leased && entry.scacs.length > 0)
        throw new Error(`prefixes.json: leased prefix ${entry.prefix} names a carrier`);
      out[kind].set(entry.prefix, entry);
    }
  }
  return out;
}

const TABLE = indexTable(table);

/** The number as detection reads it: trimmed, upper case, without spaces. */
const normalizeNumber = (number: string) => number.trim().toUpperCase().replace(/\s+/g, '');

/** The first four letters of the number, or null when it does not start with four letters. */
export function prefixOf(number: string): string | null {
  const head = normalizeNumber(number).slice(0, 4);
  return PREFIX.test(head) ? head : null;
}

interface DetectedCarrier {
  id: number;
  scac: string;
  short_name: string;
  official_name: string;
}

export interface Detection {
  prefix: string | null;
  match: 'exact' | 'ambiguous' | 'none';
  /** What decided: the company's override, the prefix table, a carrier's own SCAC as prefix, or nothing. */
  source: 'override' | 'table' | 'scac' | null;
  /** The prefix is a leasing company's: it names no carrier (unless the company maps it). */
  leased: boolean;
  /** SCACs the table names for the prefix (some may be carriers the portal does not track). */
  scacs: string[];
  carriers: DetectedCarrier[];
  /** Why the caller must pick (null when exactly one carrier matched). */
  message: string | null;
}

const answer = (d: Omit<Detection, 'match' | 'message'>): Detection => {
  const match = d.carriers.length === 1 ? 'exact' : d.carriers.length > 1 ? 'ambiguous' : 'none';
  return {
    ...d,
    match,
    message:
      match === 'exact'
        ? null
        : match === 'ambiguous'
          ? DETECTION_MESSAGES.ambiguous
          : DETECTION_MESSAGES.none,
  };
};

/** The detection for `prefix` given the company's override (if any) and the portal's active carriers by SCAC. */
function resolve(
  prefix: string,
  prefixKind: PrefixKind,
  override: DetectedCarrier | undefined,
  byScac: (scacs: string[]) => DetectedCarrier[],
): Detection {
  const entry = TABLE[prefixKind].get(prefix);
  const base = { prefix, leased: entry?.leased === true, scacs: entry?.scacs ?? [] };
  if (override) return answer({ ...base, source: 'override', carriers: [override] });
  const wanted = new Set(base.scacs);
  if (prefixKind === 'reference') wanted.add(prefix);
  const carriers = byScac([...wanted]);
  const fromTable = carriers.some((c) => base.scacs.includes(c.scac));
  return answer({ ...base, source: carriers.length === 0 ? null : fromTable ? 'table' : 'scac', carriers });
}

const NO_PREFIX = () => answer({ prefix: null, source: null, leased: false, scacs: [], carriers: [] });

/**
 * Which carriers a number names for the company: its override for the prefix if it has one, else the table's
 * SCACs that are active carriers of the portal (for bookings / B/Ls also an active carrier whose SCAC is the
 * prefix itself, the usual convention). `number` must already be bounded by the caller.
 */
export async function detectCarrier(
  db: Kysely<Database>,
  companyId: number,
  number: string,
  kind: DetectKind,
): Promise<Detection> {
  const prefix = prefixOf(number);
  if (!prefix) return NO_PREFIX();
  const prefixKind = prefixKindOf(kind);
  const override = await db
    .selectFrom('carrier_prefix_overrides as o')
    .innerJoin('carriers as c', 'c.id', 'o.carrier_id')
    .select(['c.id', 'c.scac', 'c.short_name', 'c.official_name'])
    .where('o.company_id', '=', companyId)
    .where('o.kind', '=', prefixKind)
    .where('o.prefix', '=', prefix)
    .where('c.active', '=', true)
    .executeTakeFirst();
  const wanted = [...new Set([...(TABLE[prefixKind].get(prefix)?.scacs ?? []), prefix])];
  const carriers = override
    ? []
    : await db
        .selectFrom('carriers')
        .select(['id', 'scac', 'short_name', 'official_name'])
        .where('active', '=', true)
        .where('scac', 'in', wanted)
        .orderBy('official_name')
        .execute();
  return resolve(prefix, prefixKind, override, (scacs) => carriers.filter((c) => scacs.includes(c.scac)));
}

/**
 * A detector for many numbers of one company (a bulk upload): the company's overrides and the active carriers
 * are read once, then each number is resolved in memory, exactly as detectCarrier does.
 */
export async function carrierDetector(
  db: Kysely<Database>,
  companyId: number,
): Promise<(number: string, kind: DetectKind) => Detection> {
  const [overrides, carriers] = await Promise.all([
    db
      .selectFrom('carrier_prefix_overrides as o')
      .innerJoin('carriers as c', 'c.id', 'o.carrier_id')
      .select(['o.kind', 'o.prefix', 'c.id', 'c.scac', 'c.short_name', 'c.official_name'])
      .where('o.company_id', '=', companyId)
      .where('c.active', '=', true)
      .execute(),
    db
      .selectFrom('carriers')
      .select(['id', 'scac', 'short_name', 'official_name'])
      .where('active', '=', true)
      .orderBy('official_name')
      .execute(),
  ]);
  const overrideOf = new Map(overrides.map(({ kind, prefix, ...c }) => [`${kind}:${prefix}`, c]));
  return (number, kind) => {
    const prefix = prefixOf(number);
    if (!prefix) return NO_PREFIX();
    const prefixKind = prefixKindOf(kind);
    return resolve(prefix, prefixKind, overrideOf.get(`${prefixKind}:${prefix}`), (scacs) =>
      carriers.filter((c) => scacs.includes(c.scac)),
    );
  };
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A tracking request body without a carrier gets the carrier its number names, when exactly one does. Returns
 * the body to check and, when the number names none or several, the message for carrier_id (so the caller
 * reports it with the body's other problems). A body with a carrier, or without a usable code type or
 * number, is returned as it is (the usual "This field is required." follows).
 */
export async function withDetectedCarrier<
  T extends { carrier_id?: unknown; code_type?: unknown; code_value?: unknown },
>(
  db: Kysely<Database>,
  companyId: number,
  body: T,
): Promise<{ body: T; carrierError: string | null; detection: Detection | null }> {
  if (!blank(body.carrier_id)) return { body, carrierError: null, detection: null };
  const kind = KIND_OF_CODE_TYPE[body.code_type as CodeTypeId] as DetectKind | undefined;
  const number = body.code_value;
  if (!kind || typeof number !== 'string' || blank(number) || number.length > NUMBER_MAX)
    return { body, carrierError: null, detection: null };
  const detection = await detectCarrier(db, companyId, number, kind);
  if (detection.match === 'exact')
    return { body: { ...body, carrier_id: detection.carriers[0].id }, carrierError: null, detection };
  return { body, carrierError: detection.message, detection };
}

// --- company overrides ---

/** Most overrides one company may keep. */
export const MAX_OVERRIDES = 200;

export const OVERRIDE_KINDS = ['container', 'reference'] as const satisfies readonly PrefixKind[];

export const OVERRIDE_MESSAGES = {
  prefix: 'Enter the four letters of the prefix (A to Z).',
  duplicate: 'Your company already maps this prefix; delete that mapping first.',
  cap: (n: number) => `A company can have at most ${n} carrier prefix overrides.`,
} as const;

export * from './overrides';
