import { loginPathFor, safeRedirect } from './redirect';

describe('loginPathFor', () => {
  it('carries the original path and search, encoded, in the redirect query value', () => {
    expect(loginPathFor('/shipments', '?page=2&status=new')).toBe(
      '/login?redirect=%2Fshipments%3Fpage%3D2%26status%3Dnew',
    );
    expect(loginPathFor('/dashboard')).toBe('/login?redirect=%2Fdashboard');
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/shipments?page=2', '/shipments?page=2'],
    ['/tracking-requests/12', '/tracking-requests/12'],
    ['/map-locations#here', '/map-locations#here'],
  ])('honours the same-site path %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['https://evil.example.com/'],
    ['//evil.example.com/x'],
    ['/\\evil.example.com'],
    ['\\\\evil.example.com'],
    ['javascript:alert(1)'],
    ['dashboard'],
    ['/\tevil'],
    ['/login?redirect=%2Fshipments'],
  ])('refuses %p and goes to /dashboard', (value) => {
    expect(safeRedirect(value)).toBe('/dashboard');
  });
});
