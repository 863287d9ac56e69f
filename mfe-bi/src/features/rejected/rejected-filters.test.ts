import { EMPTY_REJECTED_FILTERS, isFiltered, requestIdValid, toRejectedQuery } from './rejected-filters';

describe('rejected-events filters', () => {
  it('makes a query of the given filters only, trimmed, with the page beyond the first', () => {
    expect(toRejectedQuery(EMPTY_REJECTED_FILTERS, 1)).toEqual({});
    expect(
      toRejectedQuery(
        {
          kind: 'invalid',
          carrier: '4',
          source: 'webhook',
          trackingRequest: ' 12 ',
          search: ' MSCU ',
          after: '2026-01-01',
          before: '2026-01-31',
        },
        3,
      ),
    ).toEqual({
      kind: 'invalid',
      carrier: '4',
      source: 'webhook',
      tracking_request: '12',
      search: 'MSCU',
      received_after: '2026-01-01',
      received_before: '2026-01-31',
      page: '3',
    });
    expect(toRejectedQuery({ ...EMPTY_REJECTED_FILTERS, search: '   ' }, 1)).toEqual({});
  });

  it('accepts a request id of up to ten digits', () => {
    expect(requestIdValid('')).toBe(true);
    expect(requestIdValid(' 1234567890 ')).toBe(true);
    expect(requestIdValid('12345678901')).toBe(false);
    expect(requestIdValid('12a')).toBe(false);
  });

  it('knows when a filter is set', () => {
    expect(isFiltered(EMPTY_REJECTED_FILTERS)).toBe(false);
    expect(isFiltered({ ...EMPTY_REJECTED_FILTERS, after: '2026-01-01' })).toBe(true);
  });
});
