// The `redirect` query value of /login: only same-site paths are honoured (no open redirect).

export const DEFAULT_AFTER_LOGIN = '/dashboard';

/** '/login?redirect=<path+search>' for a guarded location the user could not open. */
export function loginPathFor(pathname: string, search = ''): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

/**
 * The path to go to after a successful login: the redirect value when it is a same-site path (starts with a
 * single '/', no backslash, no control characters, does not lead back to /login), else /dashboard.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value) return DEFAULT_AFTER_LOGIN;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) {
    return DEFAULT_AFTER_LOGIN;
  }
  let url: URL;
  try {
    url = new URL(value, 'http://portal.invalid');
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  if (url.origin !== 'http://portal.invalid') return DEFAULT_AFTER_LOGIN;
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return DEFAULT_AFTER_LOGIN;
  return url.pathname + url.search + url.hash;
}
