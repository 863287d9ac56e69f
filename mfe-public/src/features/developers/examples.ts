// The webhook payloads the developer page shows, one per event type, and the value lists it prints. The values are
// typed by shared-api's domain lists (the same lists the API's triggers, schemas and screens use), so an example
// cannot show a status, milestone or event type the API never sends; examples.test.ts checks them at run time too.
import {
  CODE_TYPE_IDS,
  FREE_TIME_CLOCKS,
  HEALTH_VALUES,
  LIFECYCLE_STATUSES,
  MILESTONES,
  SHIPMENT_STATUS_TEXTS,
  TEST_EVENT_TYPE,
  TRACKING_REQUEST_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MILESTONE_EVENTS,
  type CodeTypeId,
  type FreeTimeClock,
  type LifecycleStatus,
  type Milestone,
  type ShipmentHealth,
  type ShipmentStatusText,
  type TrackingRequestStatus,
  type WebhookEventType,
  type WebhookMilestoneEventType,
} from '@portal/shared-api/domain';

export type ExampleEventType = WebhookEventType | typeof TEST_EVENT_TYPE;

type Place = { locode: string | null; name: string | null } | null;
type Carrier = { scac: string; name: string };

interface ExampleShipment {
  id: string;
  container_number: string;
  booking_number: string | null;
  bl_number: string | null;
  client_code: string;
  carrier: Carrier;
  pol: Place;
  pod: Place;
  dlv: Place;
  etd: string | null;
  atd: string | null;
  eta: string | null;
  ata: string | null;
  eta_dlv: string | null;
  status: ShipmentStatusText;
  lifecycle_status: LifecycleStatus;
  request_status: TrackingRequestStatus | null;
  health: ShipmentHealth;
  last_alert_code: number | null;
  last_update: string | null;
  modified_at: string;
}

interface ExampleRequest {
  id: number;
  status: TrackingRequestStatus;
  code_type: CodeTypeId;
  code_value: string;
  client_code: string;
  carrier: Carrier;
  created_at: string;
}

type EventData = {
  'tracking_request.status_changed': {
    old_status: TrackingRequestStatus | null;
    new_status: TrackingRequestStatus;
    reason: string | null;
  };
  'shipment.created': Record<string, never>;
  'shipment.milestone_actual_set': {
    milestone: Milestone;
    location: Place;
    actual: string;
    previous_actual: string | null;
  };
  'shipment.eta_changed': {
    location: 'POD' | 'DLV';
    place: Place;
    old: string;
    new: string;
    delta_hours: number;
    delta_days: number;
  };
  'alert.raised': { alert_id: number; code: number; code_name: string; message: string; raised_at: string };
  'webhook.test': { message: string };
} & { [T in WebhookMilestoneEventType]: MilestoneEventData<T> } & {
  [
    T in 'shipment.free_time_approaching' | 'shipment.free_time_passed' | 'shipment.free_time_changed'
  ]: FreeTimeData;
};

interface MilestoneEventData<T extends WebhookMilestoneEventType> {
  milestone: (typeof WEBHOOK_MILESTONE_EVENTS)[T];
  location: Place;
  actual: string;
  previous_actual: string | null;
  vessel?: { name: string; imo: string | null } | null;
  voyage?: string | null;
}

interface FreeTimeData {
  clock: FreeTimeClock;
  last_free_day: string;
  previous_last_free_day: string | null;
  days_left: number;
  source: 'rule' | 'carrier' | null;
}

export interface ExampleEvent<T extends ExampleEventType = ExampleEventType> {
  id: string;
  type: T;
  created_at: string;
  data: EventData[T];
  tracking_request: ExampleRequest | null;
  shipment: ExampleShipment | null;
}

const MAERSK: Carrier = { scac: 'MAEU', name: 'Maersk' };
const VALENCIA: Place = { locode: 'ESVLC', name: 'Valencia' };
const SHANGHAI: Place = { locode: 'CNSHA', name: 'Shanghai' };

const REQUEST: ExampleRequest = {
  id: 812,
  status: 'ongoing',
  code_type: 'c_id',
  code_value: 'MSKU1234565',
  client_code: 'PO-1',
  carrier: MAERSK,
  created_at: '2026-11-18T09:12:00.000Z',
};

const SHIPMENT: ExampleShipment = {
  id: '4711',
  container_number: 'MSKU1234565',
  booking_number: 'BK123456',
  bl_number: 'MAEU123456789',
  client_code: 'PO-1',
  carrier: MAERSK,
  pol: VALENCIA,
  pod: SHANGHAI,
  dlv: null,
  etd: '2026-11-20T08:00:00.000Z',
  atd: '2026-11-20T10:30:00.000Z',
  eta: '2026-12-24T06:00:00.000Z',
  ata: null,
  eta_dlv: null,
  status: 'ocean transport to POD',
  lifecycle_status: 'active',
  request_status: 'ongoing',
  health: 'delayed',
  last_alert_code: null,
  last_update: '2026-11-24T07:58:12.000Z',
  modified_at: '2026-11-24T07:58:12.345Z',
};

const VESSEL = { vessel: { name: 'MAERSK KENSINGTON', imo: '9431214' }, voyage: '447E' };
const ARRIVED: Pick<ExampleShipment, 'ata' | 'status'> = {
  ata: '2026-12-24T04:10:00.000Z',
  status: 'in POD terminal',
};

/** The milestone events' bodies (the shipment as it was when each was sent). */
const MILESTONE_EVENTS: { [T in WebhookMilestoneEventType]: ExampleEvent<T> } = {
  'shipment.vessel_departed': {
    id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c06',
    type: 'shipment.vessel_departed',
    created_at: '2026-11-20T10:31:40.010Z',
    data: {
      milestone: 'pol_vessel_departure',
      location: VALENCIA,
      actual: '2026-11-20T10:30:00+00:00',
      previous_actual: null,
      ...VESSEL,
    },
    tracking_request: REQUEST,
    shipment: { ...SHIPMENT, health: 'ontrack' },
  },
  'shipment.vessel_arrived': {
    id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d07',
    type: 'shipment.vessel_arrived',
    created_at: '2026-12-24T04:12:02.500Z',
    data: {
      milestone: 'pod_vessel_arrival',
      location: SHANGHAI,
      actual: '2026-12-24T04:10:00+00:00',
      previous_actual: null,
      ...VESSEL,
    },
    tracking_request: REQUEST,
    shipment: { ...SHIPMENT, ata: '2026-12-24T04:10:00.000Z', status: 'waiting for discharge at POD' },
  },
  'shipment.discharged': {
    id: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e08',
    type: 'shipment.discharged',
    created_at: '2026-12-24T15:46:31.000Z',
    data: {
      milestone: 'pod_discharge',
      location: SHANGHAI,
      actual: '2026-12-24T15:45:00+00:00',
      previous_actual: null,
      ...VESSEL,
    },
    tracking_request: REQUEST,
    shipment: { ...SHIPMENT, ...ARRIVED },
  },
  'shipment.gate_out_full': {
    id: '4d5e6f7a-8b9c-4d0e-9f2a-3b4c5d6e7f09',
    type: 'shipment.gate_out_full',
    created_at: '2026-12-28T09:21:12.700Z',
    data: {
      milestone: 'pod_departure',
      location: SHANGHAI,
      actual: '2026-12-28T09:20:00+00:00',
      previous_actual: null,
    },
    tracking_request: REQUEST,
    shipment: { ...SHIPMENT, ...ARRIVED, status: 'land transport to Place of Delivery' },
  },
  'shipment.empty_returned': {
    id: '5e6f7a8b-9c0d-4e1f-8a3b-4c5d6e7f8a10',
    type: 'shipment.empty_returned',
    created_at: '2027-01-05T11:02:45.300Z',
    data: {
      milestone: 'empty_return',
      location: SHANGHAI,
      actual: '2027-01-05T11:00:00+00:00',
      previous_actual: '2027-01-05T10:00:00+00:00',
    },
    tracking_request: REQUEST,
    shipment: {
      ...SHIPMENT,
      ...ARRIVED,
      status: 'completed',
      lifecycle_status: 'completed',
      health: 'ontrack',
    },
  },
};

const DISCHARGED: ExampleShipment = { ...SHIPMENT, ...ARRIVED };

/** The free-time events' bodies. */
const FREE_TIME_EVENTS: {
  [
    T in 'shipment.free_time_approaching' | 'shipment.free_time_passed' | 'shipment.free_time_changed'
  ]: ExampleEvent<T>;
} = {
  'shipment.free_time_approaching': {
    id: '6f7a8b9c-0d1e-4f2a-9b4c-5d6e7f8a9b11',
    type: 'shipment.free_time_approaching',
    created_at: '2026-12-28T00:05:00.000Z',
    data: {
      clock: 'demurrage',
      last_free_day: '2026-12-31',
      previous_last_free_day: null,
      days_left: 3,
      source: 'rule',
    },
    tracking_request: REQUEST,
    shipment: DISCHARGED,
  },
  'shipment.free_time_passed': {
    id: '7a8b9c0d-1e2f-4a3b-8c5d-6e7f8a9b0c12',
    type: 'shipment.free_time_passed',
    created_at: '2027-01-01T00:05:00.000Z',
    data: {
      clock: 'demurrage',
      last_free_day: '2026-12-31',
      previous_last_free_day: null,
      days_left: -1,
      source: 'rule',
    },
    tracking_request: REQUEST,
    shipment: DISCHARGED,
  },
  'shipment.free_time_changed': {
    id: '8b9c0d1e-2f3a-4b4c-9d6e-7f8a9b0c1d13',
    type: 'shipment.free_time_changed',
    created_at: '2026-12-27T16:40:10.000Z',
    data: {
      clock: 'demurrage',
      last_free_day: '2027-01-02',
      previous_last_free_day: '2026-12-31',
      days_left: 6,
      source: 'carrier',
    },
    tracking_request: REQUEST,
    shipment: DISCHARGED,
  },
};

/** One complete body per event type, in the order of the catalogue. */
export const EXAMPLE_EVENTS: { [T in ExampleEventType]: ExampleEvent<T> } = {
  'tracking_request.status_changed': {
    id: '0b6f7a52-3c0e-4a43-9a8e-1f0c3d2b6e01',
    type: 'tracking_request.status_changed',
    created_at: '2026-11-18T09:12:03.120Z',
    data: { old_status: 'new', new_status: 'ongoing', reason: null },
    tracking_request: REQUEST,
    shipment: null,
  },
  'shipment.created': {
    id: '5a1d2c3b-7e6f-4d5c-8b9a-0f1e2d3c4b02',
    type: 'shipment.created',
    created_at: '2026-11-18T09:12:04.450Z',
    data: {},
    tracking_request: REQUEST,
    shipment: { ...SHIPMENT, status: 'in POL terminal', atd: null, health: 'ontrack' },
  },
  'shipment.milestone_actual_set': {
    id: '9c8b7a65-4f3e-4d2c-9b1a-7e6d5c4b3a03',
    type: 'shipment.milestone_actual_set',
    created_at: '2026-11-20T10:31:40.002Z',
    data: {
      milestone: 'pol_vessel_departure',
      location: VALENCIA,
      actual: '2026-11-20T10:30:00+00:00',
      previous_actual: null,
    },
    tracking_request: REQUEST,
    shipment: { ...SHIPMENT, health: 'ontrack' },
  },
  'shipment.eta_changed': {
    id: '7d0f3c1e-8f7a-4f57-9a53-3c1b1b7c9d10',
    type: 'shipment.eta_changed',
    created_at: '2026-11-24T07:58:12.345Z',
    data: {
      location: 'POD',
      place: SHANGHAI,
      old: '2026-12-22T06:00:00+00:00',
      new: '2026-12-24T06:00:00+00:00',
      delta_hours: 48,
      delta_days: 2,
    },
    tracking_request: REQUEST,
    shipment: SHIPMENT,
  },
  'alert.raised': {
    id: '2e4d6c8b-0a1f-4e3d-8c5b-6a7f8e9d0c04',
    type: 'alert.raised',
    created_at: '2026-11-26T14:05:09.871Z',
    data: {
      alert_id: 3307,
      code: 902,
      code_name: 'ALERT_ETA_POD_CHANGED',
      message: 'ETA at POD moved by 2 days',
      raised_at: '2026-11-26T14:05:00+00:00',
    },
    tracking_request: REQUEST,
    shipment: { ...SHIPMENT, health: 'alerted', last_alert_code: 902 },
  },
  ...MILESTONE_EVENTS,
  ...FREE_TIME_EVENTS,
  'webhook.test': {
    id: 'f3e2d1c0-b9a8-4765-8432-10fedcba9805',
    type: 'webhook.test',
    created_at: '2026-11-18T09:10:00.000Z',
    data: { message: 'This is a test event from the Container Tracking Portal.' },
    tracking_request: null,
    shipment: null,
  },
};

/** Every type in the catalogue's order: the subscribable ones, then the test event. */
export const CATALOGUE_TYPES: readonly ExampleEventType[] = [...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE];

/** The value lists printed on the page, straight from the domain. */
export const VALUE_LISTS = {
  eventTypes: WEBHOOK_EVENT_TYPES,
  requestStatuses: TRACKING_REQUEST_STATUSES,
  shipmentStatuses: SHIPMENT_STATUS_TEXTS,
  lifecycle: LIFECYCLE_STATUSES,
  health: HEALTH_VALUES,
  milestones: MILESTONES,
  freeTimeClocks: FREE_TIME_CLOCKS,
  codeTypes: CODE_TYPE_IDS,
} as const;
