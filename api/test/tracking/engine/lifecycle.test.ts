// Tracking-request life cycle with the engine and the simulator: new → ongoing, invalid (empty
// answer or 404) with a readable warning, retry, archive and cancel carried out by the engine
// (polling stops, the DCSA subscription is cancelled), container filter, enqueue, and the flags.
import { sql } from 'kysely';
import { enqueueTrackingRequest, retryTrackingRequest } from '../../../src/tracking/engine/enqueue';
import { isArchivable, isCancellable, trackingRequestFlags } from '../../../src/tracking/engine/lifecycle';
import { DAY, startHarness, uniqueContainer, uniqueReference, type Harness } from './helpers';

jest.setTimeout(120_000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    startAt: Date.UTC(2025, 4, 1),
    sim: { carriers: { ZIMU: { unknownReference: '404' } } },
    push: true,
  });
});
afterAll(async () => {
  await h?.close();
});

const request = (id: number) =>
  h.ctx.handle.db.selectFrom('tracking_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const shipments = (id: number) =>
  h.ctx.handle.db
    .selectFrom('shipments')
    .select(['container_number', 'lifecycle_status'])
    .where('tracking_request_id', '=', id)
    .orderBy('container_number')
    .execute();

describe('flags (pure)', () => {
  test.each([
    ['invalid', [], true, false],
    ['new', [], false, true],
    ['ongoing', ['active'], false, true],
    ['ongoing', ['completed', 'active'], false, true],
    ['ongoing', ['completed', 'expired'], true, false],
    ['ongoing', ['completed'], true, false],
    ['pending_archiving', ['completed'], false, false],
    ['pending_cancelling', ['active'], false, false],
    ['archived', ['completed'], false, false],
    ['cancelled', [], false, false],
  ] as const)(
    '%s with shipments %j: archivable %s, cancellable %s',
    (status, lifecycles, archivable, cancellable) => {
      const row = { status, shipmentLifecycles: [...lifecycles] };
      expect(isArchivable(row)).toBe(archivable);
      expect(isCancellable(row)).toBe(cancellable);
    },
  );
});

test('a known container goes new → ongoing with its shipment', async () => {
  const id = await h.createRequest('MAEU', 'c_id', uniqueContainer('MAE'));
  h.clock.now = Date.UTC(2025, 6, 1);
  await h.settle();
  const row = await request(id);
  expect(row.status).toBe('ongoing');
  expect(await shipments(id)).toHaveLength(1);
  expect(row.warnings).toEqual([]);
});

test('an unknown container turns invalid after two empty answers, with a readable warning; retry polls again', async () => {
  const id = await h.createRequest('MAEU', 'c_id', 'MAEU1234560'); // wrong check digit: unknown
  await h.settle();
  expect((await request(id)).status).toBe('new');
  await h.settle();
  const row = await request(id);
  expect(row.status).toBe('invalid');
  expect(row.next_poll_at).toBeNull();
  expect(row.warnings).toEqual([
    {
      code: 'reference_not_found',
      message:
        'Maersk does not know the container number MAEU1234560. Check the number and the carrier, then retry.',
      created: expect.any(String),
    },
  ]);
  // Invalid requests are not polled any more.
  const polledAt = row.last_polled_at;
  await h.settle();
  expect((await request(id)).last_polled_at).toEqual(polledAt);

  expect(await retryTrackingRequest(h.ctx.handle.db, id)).toBe(true);
  expect((await request(id)).status).toBe('new');
  expect(await retryTrackingRequest(h.ctx.handle.db, id)).toBe(false); // not invalid any more
  await h.settle();
  await h.settle();
  const again = await request(id);
  expect(again.status).toBe('invalid');
  expect(again.warnings).toHaveLength(2);
});

test('a carrier answering 404 makes the request invalid; a booking made later is found after retry', async () => {
  const unknown = await h.createRequest('ZIMU', 'm_bl', 'ZIM-NOT-A-BL');
  // A booking the carrier does not have yet (its journey starts later): empty answers → invalid.
  const booking = uniqueReference('BK');
  const journey = h.sim.journeyFor('MSCU', 'b_id', booking)!;
  const early = await h.createRequest('MSCU', 'b_id', booking);
  const saved = h.clock.now;
  h.clock.now = journey.events[0].createdAt - DAY;
  await h.settle();
  await h.settle();
  expect((await request(unknown)).status).toBe('invalid');
  expect((await request(unknown)).warnings[0].message).toBe(
    'ZIM does not know the B/L number ZIM-NOT-A-BL. Check the number and the carrier, then retry.',
  );
  expect((await request(early)).status).toBe('invalid');

  // Later the carrier knows it and its first container has been picked up: retry → ongoing.
  h.clock.now = Object.values(journey.truth)[0].emptyPickup + DAY;
  expect(await retryTrackingRequest(h.ctx.handle.db, early)).toBe(true);
  await h.waitIdle(); // the running engine was told at once (no tick needed)
  await h.settle();
  expect((await request(early)).status).toBe('ongoing');
  expect((await shipments(early)).length).toBe(journey.containers.length);
  h.clock.now = saved;
});

test('a container filter limits the shipments of a booking', async () => {
  const booking = uniqueReference('BKF');
  let journey = h.sim.journeyFor('HLCU', 'b_id', booking)!;
  for (let i = 0; journey.containers.length < 2 && i < 50; i++) {
    journey = h.sim.journeyFor('HLCU', 'b_id', uniqueReference('BKF'))!;
  }
  expect(journey.containers.length).toBeGreaterThanOrEqual(2);
  const keep = journey.containers[1].equipmentReference;
  const id = await h.createRequest('HLCU', 'b_id', journey.bookingReference, { container_filter: [keep] });
  h.clock.now = Math.max(h.clock.now, journey.events[journey.events.length - 1].createdAt);
  await h.settle();
  expect((await shipments(id)).map((s) => s.container_number)).toEqual([keep]);
});

test('enqueueTrackingRequest polls a new request at once', async () => {
  const id = await h.createRequest('CMDU', 'c_id', uniqueContainer('CMA'));
  await h.ctx.handle.db
    .updateTable('tracking_requests')
    .set({ next_poll_at: null })
    .where('id', '=', id)
    .execute();
  await enqueueTrackingRequest(h.ctx.handle.db, id);
  await h.waitIdle();
  expect((await request(id)).status).toBe('ongoing');
});

test('archive and cancel are carried out by the engine: polling stops, the subscription is cancelled', async () => {
  const db = h.ctx.handle.db;
  const done = await h.createRequest('HDMU', 'c_id', uniqueContainer('HDM'));
  const running = await h.createRequest('ONEY', 'c_id', uniqueContainer('ONE'));
  // Far enough for the first to have finished (journeys last < 150 days after their start).
  const finishedAt = h.sim.journeyFor('HDMU', 'c_id', (await request(done)).code_value)!;
  h.clock.now = Math.max(h.clock.now, finishedAt.events[finishedAt.events.length - 1].createdAt + DAY);
  await h.settle();
  await h.settle();
  const subscription = (await request(running)).dcsa_subscription_id;
  expect(subscription).toBeTruthy();
  expect(h.sim.subscriptions().length).toBeGreaterThan(0);

  const flags = await trackingRequestFlags(db, [done]);
  const doneShipments = await shipments(done);
  expect(doneShipments.every((s) => s.lifecycle_status !== 'active')).toBe(true);
  expect(flags.get(done)).toEqual({ archivable: true, cancellable: false });

  await db
    .updateTable('tracking_requests')
    .set({ status: 'pending_archiving' })
    .where('id', '=', done)
    .execute();
  await db
    .updateTable('tracking_requests')
    .set({ status: 'pending_cancelling' })
    .where('id', '=', running)
    .execute();
  const before = h.sim.subscriptions().length;
  await h.settle();
  const archived = await request(done);
  const cancelled = await request(running);
  expect(archived.status).toBe('archived');
  expect(cancelled.status).toBe('cancelled');
  expect(archived.next_poll_at).toBeNull();
  expect(cancelled.next_poll_at).toBeNull();
  expect(cancelled.dcsa_subscription_id).toBeNull();
  expect(h.sim.subscriptions().length).toBe(before - 2);
  const left = await db
    .selectFrom('dcsa_subscriptions')
    .select('id')
    .where('tracking_request_id', 'in', [done, running])
    .execute();
  expect(left).toEqual([]);

  // No more polls for them.
  const polled = [archived.last_polled_at, cancelled.last_polled_at];
  await db
    .updateTable('tracking_requests')
    .set({ next_poll_at: sql`now()` })
    .where('id', 'in', [done, running])
    .execute();
  await h.settle();
  expect([(await request(done)).last_polled_at, (await request(running)).last_polled_at]).toEqual(polled);
});

test('events pushed by the carrier (DCSA subscription) reach the shipments without a poll', async () => {
  const db = h.ctx.handle.db;
  const ref = uniqueContainer('PSH');
  const journey = h.sim.journeyFor('COSU', 'c_id', ref)!;
  const truth = journey.truth[ref];
  const saved = h.clock.now;
  h.clock.now = truth.emptyPickup + DAY; // picked up, not yet at the port
  const id = await h.createRequest('COSU', 'c_id', ref);
  await h.settle();
  expect((await request(id)).dcsa_subscription_id).toBeTruthy();
  // No more polls for this request from now on: only the push can bring news.
  await db
    .updateTable('tracking_requests')
    .set({ next_poll_at: sql`now() + interval '1 day'` })
    .where('id', '=', id)
    .execute();
  const before = await db
    .selectFrom('shipments')
    .select(['status_text', 'pol_loaded_actual'])
    .where('tracking_request_id', '=', id)
    .executeTakeFirstOrThrow();
  expect(before.pol_loaded_actual).toBeNull();

  h.clock.now = truth.legs[0].departure + DAY;
  const delivered = await h.sim.deliver();
  const mine = delivered.filter(
    (d) =>
      d.subscriptionID ===
      h.sim.subscriptions().find((s) => s.filter.equipmentReference === ref)?.subscriptionID,
  );
  expect(mine).toEqual([expect.objectContaining({ status: 204 })]);
  await h.settle(); // the scheduler sees new events and recomputes
  const after = await db
    .selectFrom('shipments')
    .select(['status_text', 'pol_loaded_actual'])
    .where('tracking_request_id', '=', id)
    .executeTakeFirstOrThrow();
  expect(after.pol_loaded_actual?.getTime()).toBe(truth.legs[0].load);
  expect(after.status_text).not.toBe(before.status_text);
  const pushed = await db
    .selectFrom('carrier_events as ce')
    .innerJoin('tracking_request_events as tre', 'tre.carrier_event_id', 'ce.id')
    .select('ce.id')
    .where('tre.tracking_request_id', '=', id)
    .where('ce.source', '=', 'push')
    .execute();
  expect(pushed.length).toBeGreaterThan(0);
  h.clock.now = saved;
});
