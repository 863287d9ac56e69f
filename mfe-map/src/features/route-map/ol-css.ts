// The few OpenLayers styles the route map needs (no CSS loader: injected as a string), plus the map frame.
export const olCss = `
.map-route { position: relative; width: 100%; height: 100%; min-height: 260px; background: #cfe3f3; border-radius: 6px; overflow: hidden; }
.map-route .ol-viewport { border-radius: inherit; }
.map-route .ol-zoom { position: absolute; top: 8px; left: 8px; display: flex; flex-direction: column; gap: 2px; }
.map-route .ol-zoom button {
  width: 28px; height: 28px; border: 1px solid #a9b4c1; border-radius: 4px; background: rgba(255,255,255,0.92);
  color: #0b3d91; font: 600 16px/1 sans-serif; cursor: pointer;
}
.map-route .ol-zoom button:hover { background: #fff; }
.map-route .ol-hidden { display: none; }
`;
