// The six feature pictures and the hero picture: schematic drawings of the portal's real screens (dashboard,
// alert and report settings, map, shipment calendar, pricing by volume, integration) with translated labels.
import type { TFunction } from 'i18next';
import { Frame, Tile } from './Frame';

export type ArtProps = { t: TFunction; label: string; className?: string };

const GREEN = '#1e7b34';
const RED = '#c62828';
const AMBER = '#a86200';
const BLUE = '#0b3d91';

export function StatusArt({ t, label, className }: ArtProps) {
  const bars = [38, 52, 44, 61, 57, 70, 66];
  return (
    <Frame title={t('art.dashboard')} label={label} className={className}>
      <Tile x={20} y={52} w={135} label={t('art.onTime')} value="1,284" color={GREEN} />
      <Tile x={172} y={52} w={135} label={t('art.delayed')} value="97" color={AMBER} />
      <Tile x={324} y={52} w={135} label={t('art.alerted')} value="12" color={RED} />
      <text x="20" y="158" fontSize="12" fill="#5c6977">
        {t('art.lastWeek')}
      </text>
      <line x1="20" y1="278" x2="460" y2="278" stroke="#d6dce4" />
      {bars.map((h, i) => (
        <g key={i}>
          <rect x={34 + i * 62} y={278 - h * 1.4} width="22" height={h * 1.4} rx="3" fill={BLUE} />
          <rect x={58 + i * 62} y={278 - h * 0.3} width="14" height={h * 0.3} rx="3" fill={AMBER} />
        </g>
      ))}
    </Frame>
  );
}

/** A setting of the alert-settings picture: its label, then its number in a box (the text's baseline at y). */
function SettingRow({
  y,
  label,
  value,
  valueX,
}: {
  y: number;
  label: string;
  value: string;
  valueX: number;
}) {
  return (
    <>
      <text x="24" y={y} fontSize="13" fill="#1b2633">
        {label}
      </text>
      <rect x="170" y={y - 16} width="60" height="26" rx="4" fill="#fff" stroke="#a9b4c1" />
      <text x={valueX} y={y + 2} fontSize="14" fontWeight="600" fill="#0d2347">
        {value}
      </text>
    </>
  );
}

export function AlarmsArt({ t, label, className }: ArtProps) {
  return (
    <Frame title={t('art.alertSettings')} label={label} className={className}>
      <SettingRow y={66} label={t('art.daysDelay')} value="1" valueX={190} />
      <SettingRow y={104} label={t('art.daysAdvance')} value="-1" valueX={186} />
      <g transform="translate(250 44)">
        <rect width="210" height="236" rx="10" fill="#f4f7fb" stroke="#d6dce4" />
        <path d="M20 22h170v100H20z" fill="#fff" stroke="#a9b4c1" />
        <path d="M20 22l85 58 85-58" fill="none" stroke="#0b3d91" strokeWidth="2" />
        <text x="20" y="148" fontSize="13" fontWeight="700" fill="#0d2347">
          {t('art.report')}
        </text>
        <text x="20" y="170" fontSize="12" fill="#5c6977">
          {t('art.schedule')}
        </text>
        <text x="20" y="190" fontSize="12" fill="#5c6977">
          {t('art.sendTo')}
        </text>
        <rect x="20" y="202" width="120" height="22" rx="11" fill="#e7f5eb" />
        <text x="32" y="217" fontSize="11" fill={GREEN}>
          {t('art.attachment')}
        </text>
      </g>
      <g transform="translate(24 140)">
        <rect width="206" height="44" rx="6" fill="#fdecec" />
        <circle cx="22" cy="22" r="10" fill={RED} />
        <text x="18" y="27" fontSize="14" fontWeight="700" fill="#fff">
          !
        </text>
        <text x="42" y="27" fontSize="12" fill="#7a1c1c">
          {t('art.etaChanged')}
        </text>
      </g>
      <g transform="translate(24 196)">
        <rect width="206" height="44" rx="6" fill="#fff4e0" />
        <circle cx="22" cy="22" r="10" fill={AMBER} />
        <text x="42" y="27" fontSize="12" fill="#6b3f00">
          {t('art.delayed')}: MSCU 123456-7
        </text>
      </g>
    </Frame>
  );
}

export function MapArt({ t, label, className }: ArtProps) {
  return (
    <Frame title={t('art.map')} label={label} className={className}>
      <rect x="0" y="34" width="480" height="266" fill="#dcebf8" />
      <path
        d="M30 90c30-20 70-16 96 4s30 46 12 62-50 10-66 30-40 20-50-6 -16-70 8-90z M190 70c40-18 90-10 120 10s60 8 90 0 50 20 40 50-40 30-70 28-40 30-80 26-60-30-90-40-40-60-10-74z M300 200c20-10 50-6 60 10s-10 40-30 40-40-30-30-50z"
        fill="#f4f1e6"
        stroke="#c9c2a8"
      />
      <path
        d="M96 150C160 230 260 250 340 150"
        fill="none"
        stroke={BLUE}
        strokeWidth="2.5"
        strokeDasharray="6 5"
      />
      <circle cx="96" cy="150" r="7" fill={GREEN} />
      <text x="70" y="176" fontSize="12" fontWeight="600" fill="#0d2347">
        Valencia
      </text>
      <circle cx="340" cy="150" r="7" fill={GREEN} />
      <text x="320" y="138" fontSize="12" fontWeight="600" fill="#0d2347">
        Shanghai
      </text>
      <g transform="translate(214 218)">
        <circle r="18" fill={BLUE} opacity=".18" />
        <path d="M-10 2h20l-4 7h-12z M-6 -6h12v8h-12z" fill={BLUE} />
      </g>
      <rect x="240" y="236" width="120" height="24" rx="4" fill="#fff" stroke="#a9b4c1" />
      <text x="250" y="252" fontSize="12" fill="#1b2633">
        {t('art.vessel')}
      </text>
      <g transform="translate(410 80)">
        <circle r="20" fill={AMBER} />
        <text x="-7" y="5" fontSize="13" fontWeight="700" fill="#fff">
          24
        </text>
      </g>
      <g transform="translate(150 100)">
        <circle r="16" fill={GREEN} />
        <text x="-7" y="5" fontSize="12" fontWeight="700" fill="#fff">
          12
        </text>
      </g>
    </Frame>
  );
}

export function RouteArt({ t, label, className }: ArtProps) {
  const steps = [
    { key: 'emptyPickup', planned: '03-02', actual: '03-02', done: true },
    { key: 'loaded', planned: '03-06', actual: '03-06', done: true },
    { key: 'transshipment', planned: '03-19', actual: '03-21', done: true },
    { key: 'discharge', planned: '04-02', actual: '', done: false },
    { key: 'emptyReturn', planned: '04-09', actual: '', done: false },
  ];
  return (
    <Frame title={`${t('art.container')} MSCU 123456-7`} label={label} className={className}>
      <line x1="44" y1="70" x2="44" y2="262" stroke="#d6dce4" strokeWidth="3" />
      <text x="280" y="56" fontSize="11" fontWeight="700" fill="#5c6977">
        {t('art.planned')}
      </text>
      <text x="380" y="56" fontSize="11" fontWeight="700" fill="#5c6977">
        {t('art.actual')}
      </text>
      {steps.map((s, i) => {
        const y = 76 + i * 46;
        const late = s.actual && s.actual !== s.planned;
        return (
          <g key={s.key}>
            <circle cx="44" cy={y} r="9" fill={s.done ? (late ? AMBER : GREEN) : '#fff'} stroke="#a9b4c1" />
            <text x="66" y={y + 5} fontSize="13" fill="#1b2633">
              {t(`art.${s.key}`)}
            </text>
            <text x="280" y={y + 5} fontSize="13" fill="#5c6977">
              2026-{s.planned}
            </text>
            <text x="380" y={y + 5} fontSize="13" fontWeight="600" fill={late ? AMBER : '#0d2347'}>
              {s.actual ? `2026-${s.actual}` : '—'}
            </text>
          </g>
        );
      })}
    </Frame>
  );
}

export function PayArt({ t, label, className }: ArtProps) {
  const points = [
    [60, 90],
    [140, 130],
    [220, 165],
    [300, 190],
    [380, 206],
    [440, 214],
  ];
  return (
    <Frame title={t('art.price')} label={label} className={className}>
      <line x1="50" y1="250" x2="460" y2="250" stroke="#a9b4c1" />
      <line x1="50" y1="60" x2="50" y2="250" stroke="#a9b4c1" />
      <polyline points={points.map((p) => p.join(',')).join(' ')} fill="none" stroke={BLUE} strokeWidth="3" />
      {points.map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="5" fill="#fff" stroke={BLUE} strokeWidth="2" />
      ))}
      <text x="250" y="280" fontSize="12" fill="#5c6977" textAnchor="middle">
        {t('art.volume')}
      </text>
      {['500', '2,000', '5,000', '10,000', '20,000'].map((v, i) => (
        <text key={v} x={60 + i * 95} y="266" fontSize="11" fill="#5c6977">
          {v}
        </text>
      ))}
      <rect x="300" y="70" width="150" height="52" rx="8" fill="#e7f5eb" />
      <text x="314" y="92" fontSize="12" fill={GREEN}>
        {t('art.volume')}
      </text>
      <text x="314" y="112" fontSize="16" fontWeight="700" fill={GREEN}>
        4,000
      </text>
    </Frame>
  );
}

/** An arrow's head in `color`, for `markerEnd="url(#id)"`. */
function ArrowHead({ id, color }: { id: string; color: string }) {
  return (
    <marker id={id} viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto">
      <path d="M0 0l10 5-10 5z" fill={color} />
    </marker>
  );
}

export function ErpArt({ t, label, className }: ArtProps) {
  return (
    <Frame title="API · ERP" label={label} className={className}>
      <rect x="24" y="96" width="130" height="110" rx="10" fill="#f4f7fb" stroke="#a9b4c1" />
      <text x="89" y="156" fontSize="15" fontWeight="700" fill="#0d2347" textAnchor="middle">
        {t('art.yourErp')}
      </text>
      <rect x="326" y="96" width="130" height="110" rx="10" fill={BLUE} />
      <text x="391" y="150" fontSize="13" fontWeight="700" fill="#fff" textAnchor="middle">
        API
      </text>
      <text x="391" y="170" fontSize="11" fill="#dbe6f7" textAnchor="middle">
        v23.09.03
      </text>
      <path d="M160 126h158" stroke={GREEN} strokeWidth="3" markerEnd="url(#pub-arrow-g)" />
      <text x="239" y="116" fontSize="12" fill="#1b2633" textAnchor="middle">
        {t('art.requests')}
      </text>
      <path d="M320 178H166" stroke={BLUE} strokeWidth="3" markerEnd="url(#pub-arrow-b)" />
      <text x="243" y="198" fontSize="12" fill="#1b2633" textAnchor="middle">
        {t('art.statuses')}
      </text>
      <defs>
        <ArrowHead id="pub-arrow-g" color={GREEN} />
        <ArrowHead id="pub-arrow-b" color={BLUE} />
      </defs>
      <g transform="translate(24 228)">
        <rect width="432" height="44" rx="8" fill="#fff" stroke="#d6dce4" strokeDasharray="5 4" />
        <path d="M20 12h18l6 6v16H20z" fill="#1e7b34" opacity=".85" />
        <text x="58" y="28" fontSize="13" fill="#1b2633">
          {t('art.upload')} · .xlsx / .csv
        </text>
      </g>
    </Frame>
  );
}

export function HeroArt({ t, label, className }: ArtProps) {
  const rows = [
    ['MSCU 123456-7', 'MSC', 'onTime', GREEN],
    ['MAEU 765432-1', 'Maersk', 'delayed', AMBER],
    ['CMAU 246810-3', 'CMA CGM', 'onTime', GREEN],
    ['HLXU 135790-2', 'Hapag-Lloyd', 'arrived', BLUE],
    ['ONEU 112233-4', 'ONE', 'alerted', RED],
  ] as const;
  return (
    <Frame title={t('art.total')} label={label} className={className}>
      <rect x="20" y="48" width="440" height="28" rx="4" fill="#e8eef9" />
      <text x="32" y="67" fontSize="12" fontWeight="700" fill="#0d2347">
        {t('art.container')}
      </text>
      <text x="196" y="67" fontSize="12" fontWeight="700" fill="#0d2347">
        {t('art.carrier')}
      </text>
      <text x="328" y="67" fontSize="12" fontWeight="700" fill="#0d2347">
        {t('art.status')}
      </text>
      {rows.map(([code, carrier, status, color], i) => {
        const y = 96 + i * 40;
        return (
          <g key={code}>
            <line x1="20" y1={y + 16} x2="460" y2={y + 16} stroke="#eef1f5" />
            <text x="32" y={y + 4} fontSize="13" fontFamily="ui-monospace, Menlo, monospace" fill="#1b2633">
              {code}
            </text>
            <text x="196" y={y + 4} fontSize="13" fill="#1b2633">
              {carrier}
            </text>
            <rect x="322" y={y - 12} width="120" height="22" rx="11" fill={color} opacity=".14" />
            <circle cx="336" cy={y - 1} r="4" fill={color} />
            <text x="346" y={y + 4} fontSize="12" fontWeight="600" fill={color}>
              {t(`art.${status}`)}
            </text>
          </g>
        );
      })}
    </Frame>
  );
}
