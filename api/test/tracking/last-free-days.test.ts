// The portal's lastFreeDays extension of a DCSA equipment event (docs/adr/0011): what the v2.2 validator and the
// v3.0 reader accept, and every way of getting it wrong, each refused with a reason naming the field.
import { calendarDate, lastFreeDaysReasons } from '../../src/tracking/dcsa/last-free-days';
import { fromV3, toV3 } from '../../src/tracking/dcsa/v3';
import { validateEvent } from '../../src/tracking/dcsa/validate';
import { equipmentEvent, transportEvent } from './fixtures';

// The fixture's equipment event happens on 2024-03-01 (local time).
const good = [
  { typeCode: 'DEM', date: '2024-03-05' },
  { typeCode: 'DET', date: '2024-03-15' },
];

describe('a valid lastFreeDays', () => {
  it('is kept as sent, in v2.2 and through v3.0', () => {
    const event = equipmentEvent({ lastFreeDays: good });
    expect(validateEvent(event)).toEqual({ ok: true, event });
    const v3 = fromV3(toV3(event as never));
    expect(v3.ok && v3.event.eventType === 'EQUIPMENT' && v3.event.lastFreeDays).toEqual(good);
  });

  it('is optional, and may give one clock only', () => {
    expect(validateEvent(equipmentEvent()).ok).toBe(true);
    expect(validateEvent(equipmentEvent({ lastFreeDays: [good[1]] })).ok).toBe(true);
  });
});

const refused: Array<[string, unknown, string]> = [
  [
    'an impossible date',
    [{ typeCode: 'DEM', date: '2024-02-30' }],
    '/lastFreeDays/0/date: must be a calendar date YYYY-MM-DD (got "2024-02-30")',
  ],
  [
    'a date-time',
    [{ typeCode: 'DEM', date: '2024-03-05T00:00:00Z' }],
    '/lastFreeDays/0/date: must be a calendar date YYYY-MM-DD (got "2024-03-05T00:00:00Z")',
  ],
  [
    'a number',
    [{ typeCode: 'DET', date: 20240305 }],
    '/lastFreeDays/0/date: must be a calendar date YYYY-MM-DD (got 20240305)',
  ],
  [
    'no date',
    [{ typeCode: 'DET' }],
    '/lastFreeDays/0/date: must be a calendar date YYYY-MM-DD (got undefined)',
  ],
  [
    'year 0',
    [{ typeCode: 'DEM', date: '0000-03-05' }],
    '/lastFreeDays/0/date: must be a calendar date YYYY-MM-DD (got "0000-03-05")',
  ],
  [
    'a date years away',
    [{ typeCode: 'DEM', date: '2026-03-05' }],
    '/lastFreeDays/0/date: must be within 366 days of the eventDateTime (got "2026-03-05")',
  ],
  [
    'an unknown type',
    [{ typeCode: 'dem', date: '2024-03-05' }],
    '/lastFreeDays/0/typeCode: must be one of DEM, DET (got "dem")',
  ],
  [
    'a type twice',
    [good[0], { typeCode: 'DEM', date: '2024-03-06' }],
    '/lastFreeDays/1/typeCode: DEM is given twice',
  ],
  [
    'another field',
    [{ ...good[0], currency: 'EUR' }],
    '/lastFreeDays/0: must have only typeCode and date (got currency)',
  ],
  ['not an object', ['2024-03-05'], '/lastFreeDays/0: must be an object {typeCode, date}'],
  ['an empty list', [], '/lastFreeDays: must be a list of 1 or 2 last free days {typeCode, date}'],
  [
    'three items',
    [...good, good[0]],
    '/lastFreeDays: must be a list of 1 or 2 last free days {typeCode, date}',
  ],
  ['null', null, '/lastFreeDays: must be a list of 1 or 2 last free days {typeCode, date}'],
];

describe.each(refused)('%s', (_name, lastFreeDays, reason) => {
  it('refuses the v2.2 event with the reason', () => {
    const result = validateEvent(equipmentEvent({ lastFreeDays }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reasons).toContain(reason);
  });

  it('refuses the v3.0 event with the reason', () => {
    const v3 = { ...toV3(equipmentEvent() as never), lastFreeDays };
    expect(fromV3(v3)).toEqual({ ok: false, kind: 'schema', reasons: [reason] });
  });
});

it('is refused on other event types', () => {
  const reason = '/lastFreeDays: only an equipment event carries last free days';
  const result = validateEvent(transportEvent({ lastFreeDays: good }));
  expect(!result.ok && result.reasons).toEqual([reason]);
  expect(fromV3({ ...toV3(transportEvent() as never), lastFreeDays: good })).toEqual({
    ok: false,
    kind: 'schema',
    reasons: [reason],
  });
  expect(lastFreeDaysReasons({ eventDateTime: '2024-03-01T00:00:00Z' }, 'SHIPMENT')).toEqual([]);
});

it('reads calendar dates strictly', () => {
  expect(calendarDate('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
  for (const bad of ['2023-02-29', '2024-13-01', '2024-00-10', '2024-1-05', ' 2024-01-05', '2200-01-01'])
    expect(calendarDate(bad)).toBeNull();
});
