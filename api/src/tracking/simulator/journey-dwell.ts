// How long a simulated container stays at the port of discharge (discharge → full gate-out) and with the
// consignee (full gate-out → empty return), and the last free days the carriers that publish them send.
//
// The dwell is drawn around the free time a forwarder typically gets (TYPICAL_FREE_DAYS): most containers leave
// inside it, a tail stays over it (about 17 % at the POD, 16 % at the consignee), a few far over (about 5 % and
// 4 %, customs holds or a consignee who forgets the empty). Each dwell takes exactly one uniform draw from the
// journey's random stream, as the plain ranges it replaced did, so every other draw of a journey is unchanged.
// The longest dwell stays under the engine's 30 days without news (a request would expire).
import { DAY, HOUR } from './journey-time';

/** The free days the dwell is calibrated on (calendar days, the event's day counted as the first). */
export const TYPICAL_FREE_DAYS = { pod: 5, consignee: 10 } as const;

/** A band of the dwell distribution: its share of containers and its range in days. */
interface Band {
  share: number;
  from: number;
  to: number;
}

/**
 * Discharge → full gate-out. Under 4 days always fits 5 free days (at most 5 calendar days touched); 5 days or
 * more never does.
 */
export const POD_DWELL: readonly Band[] = [
  { share: 0.83, from: 0.75, to: 3.95 },
  { share: 0.12, from: 5, to: 9 },
  { share: 0.05, from: 10, to: 24 },
];

/** Full gate-out → empty return (the truck to the consignee, unloading, the empty back to the depot). */
export const CONSIGNEE_DWELL: readonly Band[] = [
  { share: 0.84, from: 2.5, to: 8.95 },
  { share: 0.12, from: 10, to: 18 },
  { share: 0.04, from: 20, to: 28 },
];

/** The dwell (ms, whole hours) for a uniform draw `u` in [0, 1): the band it falls in, then a point inside. */
export function dwellOf(bands: readonly Band[], u: number): number {
  let start = 0;
  for (const band of bands) {
    if (u < start + band.share || band === bands[bands.length - 1]) {
      const within = Math.min(1, (u - start) / band.share);
      return Math.round((band.from + within * (band.to - band.from)) * 24) * HOUR;
    }
    start += band.share;
  }
  return 0;
}

/**
 * Carriers that send their own last free days (for the container's demurrage at the POD and detention after
 * gate-out), with the free time they grant. They publish them as the portal's `lastFreeDays` extension of a
 * DCSA equipment event (docs/adr/0011): the demurrage one on the discharge at the POD, the detention one on the
 * full gate-out from it. Other carriers send none.
 */
export const CARRIER_FREE_DAYS: Readonly<Record<string, { demurrage: number; detention: number }>> = {
  MAEU: { demurrage: 4, detention: 7 },
  HLCU: { demurrage: 5, detention: 10 },
};

/**
 * The last free day of a clock that starts at `startLocalIso` (the event's local time, as published): the local
 * calendar date of the event is the first free day.
 */
export function lastFreeDay(startLocalIso: string, freeDays: number): string {
  const first = Date.parse(`${startLocalIso.slice(0, 10)}T00:00:00Z`);
  return new Date(first + (freeDays - 1) * DAY).toISOString().slice(0, 10);
}
