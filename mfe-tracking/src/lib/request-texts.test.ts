import { distinctWarnings, shipmentsEmptyKey } from './request-texts';

describe('tracking request texts', () => {
  it('shows each warning message once', () => {
    const message = 'MSC does not know the booking number BK1. Check the number and the carrier, then retry.';
    expect(
      distinctWarnings([
        { message, created: '2026-01-01T00:00:00Z' },
        { message, created: '2026-01-02T00:00:00Z' },
        'Another one',
      ]),
    ).toEqual([message, 'Another one']);
    expect(distinctWarnings(undefined)).toEqual([]);
  });

  it('says why the shipments table is empty', () => {
    expect(shipmentsEmptyKey('new', false)).toBe('shipments.empty');
    expect(shipmentsEmptyKey('invalid', false)).toBe('shipments.emptyInvalid');
    expect(shipmentsEmptyKey('cancelled', false)).toBe('shipments.emptyStopped');
    expect(shipmentsEmptyKey('ongoing', true)).toBe('shipments.allHidden');
  });
});
