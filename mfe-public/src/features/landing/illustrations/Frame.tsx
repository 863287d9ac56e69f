// The window every illustration is drawn in: a browser-like frame around a screen of the portal, with the
// screen's name in the title strip. Labels are real text, translated, so a Spanish visitor reads Spanish.
import type { ReactNode } from 'react';

export interface FrameProps {
  title: string;
  /** Accessible description of the picture. */
  label: string;
  className?: string;
  children: ReactNode;
}

export function Frame({ title, label, className, children }: FrameProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 480 300"
      role="img"
      aria-label={label}
      fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
    >
      <rect width="480" height="300" rx="12" fill="#fff" />
      <path d="M0 12a12 12 0 0 1 12-12h456a12 12 0 0 1 12 12v22H0z" fill="#0b3d91" />
      <circle cx="18" cy="17" r="4" fill="#ff6b6b" />
      <circle cx="32" cy="17" r="4" fill="#ffd166" />
      <circle cx="46" cy="17" r="4" fill="#06d6a0" />
      <text x="64" y="22" fontSize="13" fontWeight="600" fill="#fff">
        {title}
      </text>
      {children}
    </svg>
  );
}

/** A small rounded tile with a label above a big number. */
export function Tile(props: {
  x: number;
  y: number;
  w: number;
  label: string;
  value: string;
  color: string;
}) {
  const { x, y, w, label, value, color } = props;
  return (
    <g>
      <rect x={x} y={y} width={w} height="74" rx="8" fill="#f4f7fb" stroke="#d6dce4" />
      <rect x={x} y={y} width="5" height="74" rx="2" fill={color} />
      <text x={x + 16} y={y + 24} fontSize="12" fill="#5c6977">
        {label}
      </text>
      <text x={x + 16} y={y + 58} fontSize="28" fontWeight="700" fill="#0d2347">
        {value}
      </text>
    </g>
  );
}
