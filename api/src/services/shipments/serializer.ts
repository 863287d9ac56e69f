// Shipment rows → the API's shipment objects (spec section 3): locations and vessels as objects, legs, every
// milestone date, numbers as numbers, the caller's health. Used by GET shipments/ (list, detail) and by
// GET tracking-requests/{id}/shipments/. Locations, vessels, carriers and projects come with the rows
// (lookupsColumn, lists) or are batch-loaded in one query per page (./shipment-lookups).
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  HEALTH_LABELS,
  LEG_NUMBERS,
  LIFECYCLE_LABELS,
  LOCATION_KEYS,
  MILESTONE_DATE_COLUMNS,
} from '@portal/shared-api/domain';
import type { Database, ShipmentsTable } from '../../db/types';
import { healthExpression, type Health, type HealthThresholds } from '../health';
import { isoOrNull as iso, timeOf } from '../../lib/dates';
import { todayUtc } from '../../tracking/free-time/view';
import { freeTimeOf, storedFreeTimeColumn } from './free-time-fields';
import type { RowNeeds } from './row-needs';
import { embeddedLookups, queryLookups, type Lookups } from './shipment-lookups';

// Where the routes and the list have always found them.
export { hasProjectsTable, lookupsColumn } from './shipment-lookups';

export const NUMBER_COLUMNS = [
  'weight',
  'discrepancy_eta_at_pod',
  'discrepancy_eta_at_dlv',
  ...(['tsp', 'tsp1', 'tsp2', 'tsp3', 'tsp4', 'pol', 'pod'] as const).flatMap((p) =>
    (['', '_planned_initial', '_planned_last'] as const).map((v) => `days_in_${p}${v}` as const),
  ),
  'storage_days_at_pol',
  'storage_days_at_pod',
  'transit_time',
  'transit_time_planned',
  'eta_delta_days',
] as const;

export const DATE_COLUMNS = [
  'eta',
  'ata',
  'etd',
  'atd',
  'availability_date',
  'carrier_release_date',
  'customs_release_date',
  'pol_departure',
  'pod_arrival',
  'last_update',
  'created_at',
  'modified_at',
] as const;

/** A row's columns, its timestamps either Dates or PostgreSQL's text of them (TEXT_TIMESTAMPS, list pages). */
type TimestampsOrText<T> = { [K in keyof T]: Date extends T[K] ? T[K] | string : T[K] };

/** The stored shipment row plus the caller's health (and, from lookupsColumn, what it refers to). */
export type ShipmentRow = TimestampsOrText<Selectable<ShipmentsTable>> & {
  health: Health;
  lookups?: Lookups;
  free_time_lfd?: Date | string | null;
  /** The stored free-time snapshot (storedFreeTimeColumn; null: no clocks; absent when not read). */
  stored_free_time?: unknown;
};

/**
 * All columns of `shipments` (aliased `shipments`), or only those of `needs` (./row-needs), of company
 * `companyId` plus `health` for the thresholds. Add filters, ordering and paging, then pass the rows to
 * serializeShipments.
 */
export function selectShipments(
  db: Kysely<Database>,
  companyId: number,
  thresholds: HealthThresholds,
  needs?: RowNeeds | null,
) {
  const from = db.selectFrom('shipments');
  // A list asking for a few `fields` reads only their columns: its rows are then a fraction as wide to send,
  // parse and serialize (the 145 milestone dates are most of a row).
  const columns = needs
    ? (from.select(needs.columns.map((c) => sql.ref(`shipments.${c}`).as(c))) as unknown as ReturnType<
        typeof from.selectAll<'shipments'>
      >)
    : from.selectAll('shipments');
  // The free-time snapshot comes with the row (one round trip), unless `needs` shows no free-time key.
  const withFreeTime = !needs || needs.columns.includes('free_time_lfd');
  return (withFreeTime ? columns.select(storedFreeTimeColumn().as('stored_free_time')) : columns)
    .select(healthExpression(thresholds).as('health'))
    .where('shipments.company_id', '=', companyId);
}

export interface LocationOut {
  id: number;
  name: string;
  locode: string | null;
  latitude: number | null;
  longitude: number | null;
  lat: number | null;
  lng: number | null;
  timezone: string | null;
  country_iso2: string | null;
  display: string;
}
export interface VesselOut {
  id: number;
  name: string;
  imo: string | null;
}

export type ShipmentOut = Record<string, unknown> & { id: number; health: Health };

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const DAY_MS = 86_400_000;
/** Whole days from `now` to `d` (rounded), for dtd / dta. */
export const daysFrom = (d: Date | string | null | undefined, now: Date): number | null =>
  d === null || d === undefined ? null : Math.round((timeOf(d) - now.getTime()) / DAY_MS);

export interface SerializeOptions {
  /** Fixes dtd / dta (days from now). */
  now?: Date;
  /**
   * The caller's company: schema_form is then the shipment's own form or else the company default
   * (companies.attachment_schema_form), with schema_form_source 'shipment' | 'company' | null.
   */
  companyId?: number;
  /**
   * Lists: leave out the milestone dates (most of the 145) and the durations / discrepancies that are null,
   * to keep pages small (absent = null).
   */
  compact?: boolean;
  /** Lists: also the whole `free_time` object (the detail always has it). */
  freeTime?: boolean;
  /** Lists whose `fields` name no free-time key (rows read without their snapshot): false leaves those keys out. */
  freeTimeColumns?: boolean;
  /**
   * Lists asking for some `fields`: the columns their rows were read with (RowNeeds.columns); the legs, ports,
   * dates and numbers of other columns are then left out of the objects (default: all of them).
   */
  columns?: readonly string[];
}

/** The page's lookups by id, as serializeShipments writes them into the objects. */
interface LookupMaps {
  loc: (id: number | null) => LocationOut | null;
  vessel: (id: number | null) => VesselOut | null;
  carrierById: Map<number, NonNullable<Lookups['carriers']>[number]>;
  projects: Map<number, string>;
  companyForm: unknown;
}

function lookupMaps(lookups: Lookups): LookupMaps {
  const locationById = new Map<number, LocationOut>(
    (lookups.locations ?? []).map((l) => [
      l.id,
      {
        ...l,
        lat: l.latitude,
        lng: l.longitude,
        country_iso2: l.country_iso2 ? l.country_iso2.trim() : null,
      },
    ]),
  );
  const vesselById = new Map<number, VesselOut>((lookups.vessels ?? []).map((v) => [v.id, v]));
  return {
    loc: (id) => (id === null ? null : (locationById.get(id) ?? null)),
    vessel: (id) => (id === null ? null : (vesselById.get(id) ?? null)),
    carrierById: new Map((lookups.carriers ?? []).map((c) => [c.id, c])),
    projects: new Map((lookups.projects ?? []).map((p) => [p.id, p.name])),
    companyForm: lookups.form ?? null,
  };
}

/** The row's own properties and those of what it refers to (carrier, project, vessel, next port). */
function shipmentHead(r: ShipmentRow, maps: LookupMaps, now: Date): ShipmentOut {
  const carrier = maps.carrierById.get(r.carrier_id);
  return {
    id: Number(r.id),
    tracking_request: r.tracking_request_id,
    status: r.status,
    status_verbose: r.status_text,
    status_text: r.status_text,
    request_status: r.request_status,
    lifecycle_status: r.lifecycle_status,
    lifecycle_status_verbose: LIFECYCLE_LABELS[r.lifecycle_status],
    health: r.health,
    health_verbose: HEALTH_LABELS[r.health],
    is_alerted: r.health === 'alerted',
    is_delayed: r.health === 'delayed',
    container_number: r.container_number,
    container_type_str: r.container_type_str,
    container_type_iso: r.container_type_iso,
    bl_number: r.bl_number,
    booking_number: r.booking_number,
    bl_or_booking_number: r.bl_number ?? r.booking_number,
    client_code: r.client_code,
    carrier: r.carrier_id,
    carrier_name: carrier?.short_name ?? '',
    carrier_official_name: carrier?.official_name ?? '',
    carrier_scac: carrier?.scac ?? '',
    project: r.project_id,
    project_name: r.project_id === null ? null : (maps.projects.get(r.project_id) ?? null),
    hide: r.hidden,
    hidden: r.hidden,
    positions: r.positions,
    last_coordinates: r.last_coordinates,
    current_vessel: maps.vessel(r.current_vessel_id),
    current_vessel_position: r.current_vessel_position,
    current_vessel_nextport: maps.loc(r.current_vessel_nextport_id),
    dtd: daysFrom(r.dtd, now),
    dta: daysFrom(r.dta, now),
    dtd_date: iso(r.dtd),
    dta_date: iso(r.dta),
    carrier_release_state: r.carrier_release_state,
    customs_release_state: r.customs_release_state,
    pod_vslarrival_prediction: r.pod_vslarrival_prediction,
    predictions: r.predictions,
    pod_timeofarrival_warning: r.pod_timeofarrival_warning,
    alert_codes: r.alert_codes,
    last_alert_message: r.last_alert_message,
    last_alert_code: r.last_alert_code,
    schema_form: r.schema_form,
    sf_data: r.sf_data,
  };
}

/** The legs, locations, dates and numbers a page's objects get (see journeyParts). */
interface JourneyParts {
  legs: ReadonlyArray<(typeof LEG_NUMBERS)[number]>;
  locations: ReadonlyArray<(typeof LOCATION_KEYS)[number]>;
  milestones: typeof MILESTONE_DATE_COLUMNS;
  dates: ReadonlyArray<(typeof DATE_COLUMNS)[number]>;
  numbers: ReadonlyArray<(typeof NUMBER_COLUMNS)[number]>;
}

const ALL_JOURNEY: JourneyParts = {
  legs: LEG_NUMBERS,
  locations: LOCATION_KEYS,
  milestones: MILESTONE_DATE_COLUMNS,
  dates: DATE_COLUMNS,
  numbers: NUMBER_COLUMNS,
};

/**
 * All of them, or, for rows read with only the `columns` of a list's fields (./row-needs), those of these
 * columns: a list showing a few dates then builds a few properties a row instead of some 200 (most of them
 * milestone dates it would not send), which was most of the time it spent serializing a page.
 */
function journeyParts(columns: readonly string[] | undefined): JourneyParts {
  if (!columns) return ALL_JOURNEY;
  const read = new Set(columns);
  const has = (c: string) => read.has(c);
  return {
    legs: LEG_NUMBERS.filter((i) => has(`leg${i}_voyage`) || has(`leg${i}_vessel_id`)),
    locations: LOCATION_KEYS.filter((k) => has(`${k}_id`)),
    milestones: MILESTONE_DATE_COLUMNS.filter(has),
    dates: DATE_COLUMNS.filter(has),
    numbers: NUMBER_COLUMNS.filter(has),
  };
}

/** Adds the legs, the locations, the milestone and other dates and the numbers of `r` to `out`. */
function addJourney(
  out: ShipmentOut,
  r: ShipmentRow,
  maps: LookupMaps,
  compact: boolean,
  parts: JourneyParts,
): void {
  for (const i of parts.legs) {
    out[`leg${i}`] = { voyage: r[`leg${i}_voyage`], vessel: maps.vessel(r[`leg${i}_vessel_id`]) };
  }
  for (const k of parts.locations) out[k] = maps.loc(r[`${k}_id`]);
  for (const c of parts.milestones) {
    const value = r[c];
    if (value !== null || !compact) out[c] = iso(value);
  }
  for (const c of parts.dates) out[c] = iso(r[c]);
  for (const c of parts.numbers) {
    const value = r[c];
    if (value !== null || !compact) out[c] = num(value);
  }
}

/**
 * The API objects of `rows` (same order); rows without `lookups` cost one extra query for all the locations,
 * vessels, carriers and projects.
 */
export async function serializeShipments(
  db: Kysely<Database>,
  rows: readonly ShipmentRow[],
  options: SerializeOptions = {},
): Promise<ShipmentOut[]> {
  if (rows.length === 0) return [];
  const now = options.now ?? new Date();
  const withFreeTime = options.freeTimeColumns !== false;
  const lookups = embeddedLookups(rows) ?? (await queryLookups(db, rows, options));
  const maps = lookupMaps(lookups);
  const today = todayUtc(now);
  const journey = journeyParts(options.columns);

  return rows.map((r) => {
    const out = shipmentHead(r, maps, now);
    if (withFreeTime) {
      const freeTime = freeTimeOf({ free_time: r.stored_free_time, free_time_lfd: r.free_time_lfd }, today);
      Object.assign(out, freeTime.columns);
      if (!options.compact || options.freeTime) out.free_time = freeTime.view;
    }
    if (options.companyId !== undefined) {
      if (r.schema_form === null || r.schema_form === undefined) {
        out.schema_form = maps.companyForm;
        out.schema_form_source = maps.companyForm === null ? null : 'company';
      } else out.schema_form_source = 'shipment';
    }
    addJourney(out, r, maps, options.compact ?? false, journey);
    return out;
  });
}
