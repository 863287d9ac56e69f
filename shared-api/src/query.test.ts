import { buildUrl, toSearchParams } from './query';

describe('toSearchParams', () => {
  it('repeats the key for arrays and leaves out empty values', () => {
    const params = toSearchParams({
      status: ['new', 'ongoing'],
      search: '',
      page: 2,
      carrier_id: undefined,
      x: null,
    });
    expect(params.toString()).toBe('status=new&status=ongoing&page=2');
  });
});

describe('buildUrl', () => {
  it('appends the trailing slash unless disabled', () => {
    expect(buildUrl('/api/', 'token', true)).toBe('/api/token/');
    expect(buildUrl('/api', '/rest-auth/user', true)).toBe('/api/rest-auth/user/');
    expect(buildUrl('/api/', 'upload/bulk-import-tracking-requests/bulk', false)).toBe(
      '/api/upload/bulk-import-tracking-requests/bulk',
    );
    expect(buildUrl('http://localhost:8000/api/', 'user-profiles/3/', true)).toBe(
      'http://localhost:8000/api/user-profiles/3/',
    );
  });
});
