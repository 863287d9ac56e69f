// Time helpers of the simulated journeys: hours drawn at random, and the UTC and local timestamps DCSA asks for.
import type { Rng } from './random';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** `2024-03-04T06:00:00+08:00`: the local time at the place, as DCSA asks. */
export function localIso(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(ms);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const offsetMin = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  const local = new Date(Math.round(ms / 1000) * 1000 + offsetMin * 60_000).toISOString().slice(0, 19);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export const utcIso = (ms: number) =>
  new Date(Math.round(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
export const hours = (rng: Rng, min: number, max: number) => Math.round(rng.range(min, max)) * HOUR;
