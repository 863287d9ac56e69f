// An icon per event code for the timeline: vessel arrival/departure, load/discharge, gate in/out, truck pickup and
// drop-off, stuffing, inspection, documents, alerts; a dot for any other code.
import type { ReactElement } from 'react';

type IconKind =
  | 'vesselArrival'
  | 'vesselDeparture'
  | 'load'
  | 'discharge'
  | 'gateIn'
  | 'gateOut'
  | 'truck'
  | 'box'
  | 'inspect'
  | 'document'
  | 'alert'
  | 'other';

const BY_CODE: Record<number, IconKind> = {
  101: 'load',
  102: 'discharge',
  103: 'gateIn',
  104: 'gateOut',
  105: 'box',
  106: 'box',
  107: 'truck',
  108: 'truck',
  109: 'inspect',
  110: 'box',
  111: 'box',
  201: 'vesselArrival',
  202: 'vesselDeparture',
};

function iconKind(code: number | null | undefined): IconKind {
  if (code === null || code === undefined) return 'other';
  if (BY_CODE[code]) return BY_CODE[code];
  if (code >= 300 && code < 400) return 'document';
  if (code >= 900 && code < 1000) return 'alert';
  return 'other';
}

const ship = 'M3 14h18l-3 5H6zM6 14V9h12v5M9 9V5h6v4';
const PATHS: Record<IconKind, string> = {
  vesselArrival: `${ship}M12 2v2`,
  vesselDeparture: `${ship}M20 4l2 2-2 2`,
  load: 'M12 20V6M7 11l5-5 5 5M4 20h16',
  discharge: 'M12 4v14M7 13l5 5 5-5M4 4h16',
  gateIn: 'M4 4h10v16H4zM20 12h-9M14 9l-3 3 3 3',
  gateOut: 'M4 4h10v16H4zM11 12h9M17 9l3 3-3 3',
  truck: 'M2 6h12v10H2zM14 10h4l3 3v3h-7M6 19a2 2 0 1 0 0-.1M17 19a2 2 0 1 0 0-.1',
  box: 'M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4M12 11v10',
  inspect: 'M10 4a6 6 0 1 0 0 12a6 6 0 1 0 0-12M15 15l5 5',
  document: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h7',
  alert: 'M12 3l10 18H2zM12 10v5M12 18v.5',
  other: 'M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8',
};

const KIND_GROUP: Partial<Record<IconKind, string>> = {
  alert: 'alert',
  vesselArrival: 'vessel',
  vesselDeparture: 'vessel',
};

export function EventIcon({ code }: { code: number | null | undefined }): ReactElement {
  const kind = iconKind(code);
  return (
    <span
      className="shp-event__icon"
      data-kind={KIND_GROUP[kind] ?? 'default'}
      data-icon={kind}
      aria-hidden="true"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={PATHS[kind]} />
      </svg>
    </span>
  );
}
