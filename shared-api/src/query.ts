// Query strings in the API's convention: arrays repeat the key (status=new&status=ongoing); empty values are left out.

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type Query = Record<string, QueryValue>;

export function toSearchParams(query: Query | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (!query) return params;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  return params;
}

/** Joins the base URL and a path, adding the trailing slash unless disabled. */
export function buildUrl(baseUrl: string, path: string, appendSlash: boolean): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  let clean = path.replace(/^\/+/, '');
  if (appendSlash && clean !== '' && !clean.endsWith('/')) clean += '/';
  return base + clean;
}
