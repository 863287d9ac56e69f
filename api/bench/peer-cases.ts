// The cases of bench/peer.bench.ts: each the peer's request and ours (the same list, under each side's names).
import { REFERENCE_FIELDS } from './reference-fields';

export interface Case {
  key: string;
  name: string;
  peer?: string;
  ours: string;
  /** The peer's wrk script drawing each request's URL (default: auth.lua, the one URL given). */
  script?: string;
  /** Shipments of our bench company updated per second during the runs of both sides (writer.py). */
  writes?: number;
}

/**
 * What a busy company's users get: wrk with the peer's mix.lua (4,000 list URLs: carriers, health, orderings,
 * pages 1–50) against both, while the peer's writer.py updates our bench company's shipments through our
 * triggers, as the engine does, on the shared cluster (the peer has no triggers or reuse to invalidate).
 */
const MIX_CASES: Case[] = [0, 10, 50].map((writes) => ({
  key: `mix${writes}`,
  name: `mix.lua, ${writes} writes/s`,
  peer: '/',
  ours: '/',
  script: 'mix.lua',
  writes,
}));

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The URLs of cases a, b and e (both sides). */
const SAME = {
  a: () => '/api/shipments/?ordering=-eta',
  b: (etaAfter: string) => `/api/shipments/?health=delayed&carrier=3&eta_after=${etaAfter}&ordering=-eta`,
  e: () => '/api/shipments/?ordering=-eta&page=1000',
};

export function cases(): Case[] {
  const etaAfter = day(-180);
  const all: Case[] = [
    {
      key: 'a',
      name: 'list ordering=-eta',
      peer: SAME.a(),
      ours: SAME.a(),
    },
    {
      key: 'b',
      name: `health=delayed&carrier=3&eta_after=${etaAfter}&ordering=-eta`,
      peer: SAME.b(etaAfter),
      ours: SAME.b(etaAfter),
    },
    {
      key: 'c',
      name: 'search by container prefix (peer TGHU12, ours MSCU00123)',
      peer: '/api/shipments/?search=TGHU12',
      ours: '/api/shipments/?search=MSCU00123',
    },
    { key: 'd', name: 'stats/', peer: '/api/shipments/stats/', ours: '/api/shipments/stats/' },
    {
      key: 'e',
      name: 'ordering=-eta&page=1000',
      peer: SAME.e(),
      ours: SAME.e(),
    },
    // a, b and e with the columns the reference sends: our answer as small as its (`fields`).
    ...(['a', 'b', 'e'] as const).map((k) => ({
      key: `${k}-same`,
      name: `${k} with the reference's columns (ours: fields=…)`,
      peer: SAME[k](etaAfter),
      ours: `${SAME[k](etaAfter)}&fields=${REFERENCE_FIELDS}`,
    })),
    {
      key: 'typical',
      name: 'our typical list status=ongoing&carrier=2&ordering=-eta',
      ours: '/api/shipments/?status=ongoing&carrier=2&ordering=-eta',
    },
    {
      key: 'f',
      name: 'dashboard tab health=delayed&ordering=eta',
      ours: '/api/shipments/?health=delayed&ordering=eta',
    },
    {
      key: 'g',
      name: 'dashboard tab health=alerted&ordering=-last_update',
      ours: '/api/shipments/?health=alerted&ordering=-last_update',
    },
    ...MIX_CASES,
  ];
  const only = (process.env.CASES ?? '').split(/[\s,]+/).filter(Boolean);
  return all.filter((c) => (only.length === 0 ? !c.script : only.includes(c.key)));
}
