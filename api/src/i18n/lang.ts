// The language of a request: the first language of Accept-Language (by q) that the portal speaks.
// shared-api sends the shell's `lang` (es / en) on every call; a client that sends none (curl, scripts)
// gets English, the language the API's texts are written in.
export type Lang = 'en' | 'es';

/** 'es-ES,es;q=0.9,en;q=0.8' → 'es'. Unknown or missing → `fallback`. At most 20 entries are looked at. */
export function langFromHeader(header: string | string[] | undefined, fallback: Lang = 'en'): Lang {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (!text) return fallback;
  let best: Lang | undefined;
  let bestQ = 0;
  for (const part of text.slice(0, 500).split(',').slice(0, 20)) {
    const [tag, ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'en' && primary !== 'es') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (q > bestQ) {
      best = primary;
      bestQ = q;
    }
  }
  return best ?? fallback;
}

/** The language of a Fastify request (its Accept-Language header). */
export function requestLang(request: { headers: Record<string, string | string[] | undefined> }): Lang {
  return langFromHeader(request.headers['accept-language']);
}
