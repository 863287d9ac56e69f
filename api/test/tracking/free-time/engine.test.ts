// The engine writes free time as it derives a shipment: a container discharged at its POD under a company rule
// gets its snapshot and last free day in the same recompute (tracking/engine/recompute.ts → applyFreeTime).
import { randomUUID } from 'node:crypto';
import { engineConfig } from '../../../src/tracking/engine/config';
import type { EngineDeps } from '../../../src/tracking/engine/deps';
import { recomputeTrackingRequest } from '../../../src/tracking/engine/recompute';
import { freeTimeView, todayUtc } from '../../../src/tracking/free-time';
import { addDays, utcDate } from '../../../src/tracking/free-time/dates';
import { ingestBatch } from '../../../src/tracking/ingest';
import { insertRequest, startTenantApp, type TenantApp } from '../../helpers/app';
import { insertRule } from '../../helpers/free-time';
import { equipmentEvent, transportEvent } from '../fixtures';

jest.setTimeout(60_000);

const HOUR = 3_600_000;
let env: TenantApp;
beforeAll(async () => {
  env = await startTenantApp();
});
afterAll(() => env.ctx.close());

it('derives the clocks with the shipment', async () => {
  const db = env.ctx.handle.db;
  await insertRule(env.ctx, {
    company_id: env.t.companyId,
    mode: 'separate',
    currency: 'EUR',
    pod_locode: 'SGSIN',
    demurrage_free_days: 5,
    detention_free_days: 7,
    demurrage_tiers: [{ from_day: 1, to_day: null, rate: 80 }],
  });
  const container = 'MSKU1234565';
  const booking = `FT${randomUUID().slice(0, 8).toUpperCase()}`;
  const id = await insertRequest(env.ctx, {
    company_id: env.t.companyId,
    code_value: booking,
    status: 'ongoing',
  });
  const docs = [{ documentReferenceType: 'BKG', documentReferenceValue: booking }];
  const discharged = new Date(Date.now() - 2 * 24 * HOUR);
  const at = (ms: number) => new Date(ms).toISOString();
  const events = [
    equipmentEvent({
      equipmentReference: container,
      eventCreatedDateTime: at(Date.now() - 20 * 24 * HOUR),
      eventDateTime: at(Date.now() - 20 * 24 * HOUR),
      documentReferences: docs,
    }),
    transportEvent({
      eventCreatedDateTime: at(Date.now() - 10 * 24 * HOUR),
      eventDateTime: at(Date.now() - 3 * 24 * HOUR),
      documentReferences: docs,
      references: [{ referenceType: 'EQ', referenceValue: container }],
    }),
    equipmentEvent({
      equipmentReference: container,
      equipmentEventTypeCode: 'DISC',
      eventCreatedDateTime: at(discharged.getTime()),
      eventDateTime: at(discharged.getTime()),
      documentReferences: docs,
      eventLocation: { locationName: 'Singapore', UNLocationCode: 'SGSIN' },
      transportCall: {
        transportCallID: 'TC-SGSIN-123',
        UNLocationCode: 'SGSIN',
        modeOfTransport: 'VESSEL',
        vessel: { vesselIMONumber: '9321483', vesselName: 'MAERSK ESSEN' },
      },
    }),
  ];
  await ingestBatch(db, { carrierId: 1, trackingRequestId: id, source: 'poll', raw: events });
  const deps: EngineDeps = {
    db,
    config: engineConfig({ carrierTimeoutMs: 5000 }, {}),
    simulatorBaseUrl: null,
    callbackBaseUrl: null,
    now: () => Date.now(),
    log: () => undefined,
  };
  await recomputeTrackingRequest(deps, id);
  const row = await db
    .selectFrom('shipments as s')
    .innerJoin('shipment_free_time as f', 'f.shipment_id', 's.id')
    .select(['s.pod_discharge_actual', 'f.free_time', 's.free_time_lfd', 'f.currency as free_time_currency'])
    .where('s.tracking_request_id', '=', id)
    .executeTakeFirstOrThrow();
  expect(row.pod_discharge_actual?.toISOString()).toBe(discharged.toISOString());
  const lfd = addDays(utcDate(discharged), 4);
  const view = freeTimeView(row.free_time, todayUtc())!;
  expect(view.demurrage).toMatchObject({ lfd, state: 'running', lfd_source: 'rule', free_days: 5 });
  expect(row.free_time_currency).toBe('EUR');
  expect(row.free_time_lfd).not.toBeNull();
});
