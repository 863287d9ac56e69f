// What the summary bar shows: the ports in order, ATA else ETA with its day delta, and the legs.
import type { Leg, Port, Shipment } from '@portal/shared-api';
import { dayDiff } from '../../lib/format';

export type SummaryPort = { role: 'pol' | 'tsp' | 'pod'; index?: number; port: Port };

/** POL, up to four transshipment ports, POD, in that order; missing ones are left out. */
export function summaryPorts(s: Shipment): SummaryPort[] {
  const ports: SummaryPort[] = [];
  if (s.pol_loc) ports.push({ role: 'pol', port: s.pol_loc });
  ([1, 2, 3, 4] as const).forEach((i) => {
    const port = s[`tsp${i}_loc`];
    if (port) ports.push({ role: 'tsp', index: i, port });
  });
  if (s.pod_loc) ports.push({ role: 'pod', port: s.pod_loc });
  return ports;
}

/** The day delta as shown: '+n' when later, '-' for zero, 'n' (negative) when earlier, '' when unknown. */
export function formatDelta(delta: number | null): string {
  if (delta === null) return '';
  if (delta === 0) return '-';
  return delta > 0 ? `+${delta}` : String(delta);
}

export interface ArrivalSummary {
  kind: 'ata' | 'eta' | null;
  date: string | null;
  /** Days from the first planned arrival at POD to this ATA/ETA. */
  delta: number | null;
}

/** ATA when known, else ETA; the delta is measured from the initially planned arrival at POD. */
export function arrivalSummary(s: Shipment): ArrivalSummary {
  const kind = s.ata ? 'ata' : s.eta ? 'eta' : null;
  const date = kind === 'ata' ? s.ata : kind === 'eta' ? s.eta : null;
  const planned = s.pod_vessel_arrival_planned_initial ?? null;
  return { kind, date, delta: date ? dayDiff(planned, date) : null };
}

/** The legs with a voyage or a vessel, up to five. */
export function summaryLegs(s: Shipment): (Leg & { index: number })[] {
  return ([1, 2, 3, 4, 5] as const)
    .map((index) => ({ index, leg: s[`leg${index}`] }))
    .filter(({ leg }) => leg && (leg.voyage || leg.vessel))
    .map(({ index, leg }) => ({ index, voyage: leg?.voyage ?? null, vessel: leg?.vessel ?? null }));
}

/** The external maps page at zoom 5 for the last coordinates. */
export function mapsLink(c: { lat: number; lng: number }): string {
  return `https://www.google.com/maps/@?api=1&map_action=map&center=${c.lat},${c.lng}&zoom=5`;
}
