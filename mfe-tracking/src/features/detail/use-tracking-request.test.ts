import { ApiError, type TrackingRequestRecord } from '@portal/shared-api';
import { isRequestId, loadOf } from './use-tracking-request';

const request = { id: 4 } as TrackingRequestRecord;

describe('isRequestId', () => {
  it('takes positive whole numbers only', () => {
    expect(isRequestId(1)).toBe(true);
    expect(isRequestId(0)).toBe(false);
    expect(isRequestId(-2)).toBe(false);
    expect(isRequestId(1.5)).toBe(false);
    expect(isRequestId(Number('abc'))).toBe(false);
  });
});

describe('loadOf', () => {
  it('is missing for an id that cannot exist', () => {
    expect(loadOf(false, undefined, null)).toEqual({ state: 'missing' });
  });

  it('is loading until the request arrives, then ready', () => {
    expect(loadOf(true, undefined, null)).toEqual({ state: 'loading' });
    expect(loadOf(true, request, null)).toEqual({ state: 'ready', request });
  });

  it('is missing on a 404, even with a request shown before', () => {
    const gone = new ApiError(404, 'Not found');
    expect(loadOf(true, request, gone)).toEqual({ state: 'missing' });
  });

  it('keeps a shown request on another failure, and is missing when none was shown', () => {
    const failed = new Error('network');
    expect(loadOf(true, request, failed)).toEqual({ state: 'ready', request });
    expect(loadOf(true, undefined, failed)).toEqual({ state: 'missing' });
  });
});
