// A country flag from the flag-icons package (bundled as lazy asset chunks, no external host).
import { useEffect, useState } from 'react';

const cache = new Map<string, Promise<string | null>>();

function flagUrl(iso2: string): Promise<string | null> {
  const code = iso2.toLowerCase();
  if (!/^[a-z]{2}$/.test(code)) return Promise.resolve(null);
  let url = cache.get(code);
  if (!url) {
    url = import(/* webpackChunkName: "flag-[request]" */ `flag-icons/flags/4x3/${code}.svg`)
      .then((m: { default: string }) => m.default)
      .catch(() => null);
    cache.set(code, url);
  }
  return url;
}

export function Flag({ iso2, title }: { iso2: string | null | undefined; title?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    if (iso2) void flagUrl(iso2).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [iso2]);
  if (!iso2) return null;
  return src ? (
    <img className="shp-flag" src={src} alt={title ?? iso2.toUpperCase()} title={title} data-testid="flag" />
  ) : (
    <span className="shp-flag" aria-hidden="true" />
  );
}
