// The last free days a carrier sent itself for this container (the portal's `lastFreeDays` extension of an
// equipment event, ../dcsa/last-free-days.ts): per clock, the one of the latest published equipment event of
// this container that carries it. A later event without the extension does not clear it (carriers repeat
// dates rarely); a new value replaces it. The free-time clocks read these columns, where they win over the rule.
import { byCreated, type Ev } from './events';

export interface CarrierLastFreeDays {
  carrier_demurrage_lfd: string | null;
  carrier_detention_lfd: string | null;
}

export function carrierLastFreeDays(evs: readonly Ev[]): CarrierLastFreeDays {
  const out: CarrierLastFreeDays = { carrier_demurrage_lfd: null, carrier_detention_lfd: null };
  const sent = evs.filter(
    (e) => e.raw.eventType === 'EQUIPMENT' && e.raw.equipmentReference && e.raw.lastFreeDays?.length,
  );
  for (const e of [...sent].sort(byCreated)) {
    if (e.raw.eventType !== 'EQUIPMENT') continue;
    for (const { typeCode, date } of e.raw.lastFreeDays ?? []) {
      if (typeCode === 'DEM') out.carrier_demurrage_lfd = date;
      else if (typeCode === 'DET') out.carrier_detention_lfd = date;
    }
  }
  return out;
}
