/**
 * @jest-environment node
 */
// The developer page's payloads are what the API sends: one per event type, shipment summaries valid against
// the API's own schema, and every status and milestone taken from the domain lists the API uses.
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  MILESTONES,
  SHIPMENT_STATUS_TEXTS,
  TEST_EVENT_TYPE,
  TRACKING_REQUEST_STATUSES,
  WEBHOOK_EVENT_TYPES,
} from '@portal/shared-api/domain';
import { ShipmentSummarySchema } from '../../../../api/src/services/webhooks/payload-schema';
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
