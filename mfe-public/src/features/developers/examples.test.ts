/**
 * @jest-environment node
 */
// The developer page's payloads are what the API sends: one per event type, shipment summaries and each type's
// `data` valid against the API's own schemas (those of the OpenAPI document), and every status and milestone taken
// from the domain lists the API uses.
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  FREE_TIME_CLOCKS,
  MILESTONES,
  SHIPMENT_STATUS_TEXTS,
  TEST_EVENT_TYPE,
  TRACKING_REQUEST_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MILESTONE_EVENTS,
} from '@portal/shared-api/domain';
import { ShipmentSummarySchema } from '../../../../api/src/services/webhooks/payload-schema';
import {
  WEBHOOK_DATA_EXAMPLES,
  WEBHOOK_DATA_SCHEMAS,
} from '../../../../api/src/services/webhooks/payload-data';
import { CATALOGUE_TYPES, EXAMPLE_EVENTS } from './examples';

// RFC 3339 date-times, as the OpenAPI document declares them (the API only declares the format for its answers)
if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (v) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v));

it('has one example per event type the API sends, the test event last', () => {
  expect(CATALOGUE_TYPES).toEqual([...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE]);
  for (const type of CATALOGUE_TYPES) expect(EXAMPLE_EVENTS[type].type).toBe(type);
});

it('shows shipments as the API’s schema describes them, with statuses the API sends', () => {
  for (const event of Object.values(EXAMPLE_EVENTS)) {
    if (event.shipment) {
      expect([...Value.Errors(ShipmentSummarySchema, event.shipment)].map((e) => e.path)).toEqual([]);
      expect(SHIPMENT_STATUS_TEXTS).toContain(event.shipment.status);
      if (event.shipment.request_status)
        expect(TRACKING_REQUEST_STATUSES).toContain(event.shipment.request_status);
    }
    if (event.tracking_request) expect(TRACKING_REQUEST_STATUSES).toContain(event.tracking_request.status);
  }
  expect(JSON.stringify(EXAMPLE_EVENTS)).not.toContain('sailing');
});

it('names a real milestone and real request statuses in the event data', () => {
  expect(MILESTONES).toContain(EXAMPLE_EVENTS['shipment.milestone_actual_set'].data.milestone);
  const { old_status, new_status } = EXAMPLE_EVENTS['tracking_request.status_changed'].data;
  expect(TRACKING_REQUEST_STATUSES).toContain(old_status);
  expect(TRACKING_REQUEST_STATUSES).toContain(new_status);
});

const errorsOf = (type: (typeof CATALOGUE_TYPES)[number], data: unknown) =>
  [...Value.Errors(WEBHOOK_DATA_SCHEMAS[type], data)].map((e) => `${e.path}: ${e.message}`);

it('gives every event type data that the API’s schema of that type accepts, on the page and in the API document', () => {
  for (const type of CATALOGUE_TYPES) {
    expect([type, errorsOf(type, EXAMPLE_EVENTS[type].data)]).toEqual([type, []]);
    expect([type, errorsOf(type, WEBHOOK_DATA_EXAMPLES[type])]).toEqual([type, []]);
  }
});

it('refuses data that does not fit its type, so the check above can fail', () => {
  const departed = EXAMPLE_EVENTS['shipment.vessel_departed'].data;
  expect(errorsOf('shipment.vessel_departed', { ...departed, milestone: 'pod_discharge' })).not.toEqual([]);
  expect(errorsOf('shipment.vessel_departed', { ...departed, vessel: { imo: '9431214' } })).not.toEqual([]);
  expect(errorsOf('shipment.gate_out_full', departed)).not.toEqual([]);
  const passed = EXAMPLE_EVENTS['shipment.free_time_passed'].data;
  expect(errorsOf('shipment.free_time_passed', { ...passed, last_free_day: '31/12/2026' })).not.toEqual([]);
  expect(errorsOf('shipment.free_time_passed', { ...passed, clock: 'storage' })).not.toEqual([]);
});

it('names the milestone of each milestone event and a real free-time clock', () => {
  for (const [type, milestone] of Object.entries(WEBHOOK_MILESTONE_EVENTS)) {
    expect(MILESTONES).toContain(milestone);
    expect(EXAMPLE_EVENTS[type as keyof typeof WEBHOOK_MILESTONE_EVENTS].data.milestone).toBe(milestone);
  }
  for (const type of [
    'shipment.free_time_approaching',
    'shipment.free_time_passed',
    'shipment.free_time_changed',
  ] as const)
    expect(FREE_TIME_CLOCKS).toContain(EXAMPLE_EVENTS[type].data.clock);
});
