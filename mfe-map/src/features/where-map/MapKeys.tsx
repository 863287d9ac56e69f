// The keyboard's way onto the map: one button over each target on screen (a cluster, the markers of one place, a
// vessel), which a Tab reaches and Enter activates as a click there.
import type { MapTarget } from './where-map-types';

export interface MapKeysProps {
  targets: MapTarget[];
  /** The name of a target. */
  label: (target: MapTarget) => string;
  onActivate: (target: MapTarget) => void;
}

export function MapKeys({ targets, label, onActivate }: MapKeysProps) {
  return (
    <div className="map-where-keys" data-testid="map-keys">
      {targets.map((target) => (
        <button
          // keyed by what it stands for, not where: a focused marker keeps the focus while the map pans
          key={target.id}
          type="button"
          className="map-where-key"
          style={{ left: `${target.pixel[0]}px`, top: `${target.pixel[1]}px` }}
          aria-label={label(target)}
          data-testid="map-key"
          data-kind={target.kind}
          onClick={() => onActivate(target)}
        />
      ))}
    </div>
  );
}
