// The contract of the derivation engine: its inputs (a shipment's carrier events and context) and its
// outputs (the derived shipments columns, the sources of the milestone dates, alerts, predictions).
import type { Updateable } from 'kysely';
import type {
  LEG_NUMBERS,
  LifecycleStatus,
  LocationKey,
  MilestoneDateColumn,
  ShipmentStatusText,
} from '@portal/shared-api/domain';
import type { ShipmentsTable } from '../../db/types';
import type { DcsaEvent } from '../dcsa/types';

export interface DeriveEvent {
  /** carrier_events.id (bigint as string). */
  id: string;
  /** The raw validated DCSA v2.2 event. */
  event: DcsaEvent;
}

export interface DeriveLocation {
  id: number;
  locode: string;
  latitude: number;
  longitude: number;
  timezone: string | null;
}

export interface DeriveVessel {
  id: number;
  name: string;
  imo: string;
}

/** One observed position of a vessel (AIS or similar). */
export interface VesselFix {
  lng: number;
  lat: number;
  at: Date;
}

export interface DeriveContext {
  containerNumber: string;
  contractualEtaPod: Date | null;
  contractualEtaDlv: Date | null;
  /** By UN/LOCODE. Ports missing here leave their *_loc_id null. */
  locations: ReadonlyMap<string, DeriveLocation>;
  /** By IMO number. Vessels missing here leave their leg*_vessel_id null (see DerivedShipment.vessels). */
  vessels?: ReadonlyMap<string, DeriveVessel>;
  /** Observed vessel positions by IMO, oldest first; when absent, positions are dead-reckoned. */
  vesselPositions?: ReadonlyMap<string, readonly VesselFix[]>;
  /** Lifecycle turns 'expired' when the carrier has published nothing for this many days (default 30). */
  expireAfterDays?: number;
  /** The previous pod_timeofarrival_warning (keeps its `created`). */
  previousWarning?: PodTimeOfArrivalWarning | null;
  now: Date;
}

type LegNo = (typeof LEG_NUMBERS)[number];
type TsColumn = MilestoneDateColumn | 'eta' | 'ata' | 'etd' | 'atd' | 'dtd' | 'dta';
type NumColumn =
  | `days_in_${'tsp' | 'tsp1' | 'tsp2' | 'tsp3' | 'tsp4' | 'pol' | 'pod'}${'' | '_planned_initial' | '_planned_last'}`
  | 'discrepancy_eta_at_pod'
  | 'discrepancy_eta_at_dlv'
  | 'storage_days_at_pol'
  | 'storage_days_at_pod'
  | 'transit_time'
  | 'transit_time_planned';
type IdColumn =
  `${LocationKey}_id` | `leg${LegNo}_vessel_id` | 'current_vessel_id' | 'current_vessel_nextport_id';
type TextColumn =
  `leg${LegNo}_voyage` | 'container_type_str' | 'container_type_iso' | 'bl_number' | 'booking_number';

/**
 * Every derived column of the shipments table, with the types the update takes: dates as Date,
 * numeric(8,2) durations as numbers (days, 2 decimals), jsonb columns as JSON text.
 */
export type DerivedColumns = { [K in TsColumn]: Date | null } & { [K in NumColumn]: number | null } & {
  [K in IdColumn]: number | null;
} & { [K in TextColumn]: string | null } & {
  status: number;
  status_text: ShipmentStatusText;
  lifecycle_status: LifecycleStatus;
  /** JSON: Array<[lng, lat]>. */
  positions: string;
  /** JSON: {lng, lat, warnings?} or null. */
  last_coordinates: string | null;
  /** JSON: {lng, lat} or null. */
  current_vessel_position: string | null;
  /** JSON: PodArrivalPrediction or null. */
  pod_vslarrival_prediction: string | null;
  /** JSON: {[locode]: {predicted, predicted_upper, predicted_lower}}. */
  predictions: string;
  /** JSON: PodTimeOfArrivalWarning. */
  pod_timeofarrival_warning: string;
  /** The latest eventCreatedDateTime among the events (when the carrier last said something). */
  last_update: Date | null;
  /** Last free days the carrier sent itself (YYYY-MM-DD, free-days.ts), null when it sent none. */
  carrier_demurrage_lfd: string | null;
  carrier_detention_lfd: string | null;
};
// Compile-time proof that the columns can be handed to `updateTable('shipments').set(...)` as they are.
const _assertColumnsFitTable = (c: DerivedColumns): Updateable<ShipmentsTable> => c;

/** A port of the derived route, in order (POL, TSP1-4, POD). */
interface RoutePort {
  role: 'pol' | 'tsp1' | 'tsp2' | 'tsp3' | 'tsp4' | 'pod';
  locode: string;
  locationId: number | null;
}

export interface DerivedLeg {
  /** 1-5. */
  n: number;
  from: string;
  to: string;
  voyage: string | null;
  vessel: { name: string; imo: string } | null;
  /** The vessel and voyage of the first plan published for this leg (for roll-over / vessel change). */
  initialVessel: { name: string; imo: string } | null;
  initialVoyage: string | null;
}

export interface DerivedShipment {
  columns: DerivedColumns;
  /** For each milestone date column set (and eta/ata/etd/atd), the carrier event id that set its value. */
  sources: Record<string, string>;
  /** Vessels seen (name, IMO) so the caller can upsert them before saving legs. */
  vessels: Array<{ name: string; imo: string }>;
  /** Parsed views of some columns, for callers that want objects rather than JSON text. */
  route: RoutePort[];
  legs: DerivedLeg[];
  /** Ports that were planned and then skipped (see alerts: port omitted). */
  omittedPorts: string[];
  positions: Array<[number, number]>;
  prediction: PodArrivalPrediction | null;
  warning: PodTimeOfArrivalWarning;
}

export interface AlertCause {
  /** event_codes.code (901-907). */
  code: number;
  /** Stable per cause: UNIQUE(shipment_id, code, cause_key) makes each alert once per cause. */
  causeKey: string;
  message: string;
  walltime: Date;
}

export interface AlertOptions {
  /** Alert 906 after this many days without any new carrier event (default 7). */
  noUpdateDays?: number;
  /** Alert 903 when the time at a transshipment port passes this many days (default 7). */
  tspDwellDays?: number;
  /** Alert 902 when one estimate moves the ETA at POD by at least this many days (default 1). */
  etaShiftDays?: number;
}

export interface MilestoneChange {
  column: string;
  old: Date | null;
  new: Date | null;
  eventId: string | null;
}

export interface PodArrivalPrediction {
  /** ISO date-times. */
  created: string;
  predicted: string;
  lower: string;
  upper: string;
  /** Remaining sea distance from the last fix (nautical miles) and the speed used (knots). */
  distance_nm: number;
  speed_kn: number;
  /** Where the position came from: observed fixes or dead reckoning from the departure. */
  method: 'fixes' | 'dead_reckoning';
  /** The model's own arrival (before blending) and the carrier estimate it was blended with. */
  model: string;
  carrier_estimate: string | null;
}

export interface PodTimeOfArrivalWarning {
  risk: 0 | 1 | 2 | -1;
  risk_description: string;
  risk_verbose: string;
  conclusion: string;
  predicted_time_of_arrival: string | null;
  created: string;
  modified: string;
}

/** Alert codes (event_codes rows 901-907 of migration 0002). */
export const ALERT = {
  rolledOver: 901,
  etaPodChanged: 902,
  tspDwell: 903,
  vesselChange: 904,
  portOmitted: 905,
  noCarrierUpdate: 906,
  arrivalAfterContractualEta: 907,
} as const;
