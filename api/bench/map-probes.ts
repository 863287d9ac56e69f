// What bench/map.bench.ts runs and reads in the page: the zoom animation it times, the summary of a V8 CPU
// profile, and the 100,000-point answer it serves in the browser (made from the real one).

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

/** The functions that took the most CPU (self time) in a V8 profile, one line each. */
export function topFunctions(profile: CpuProfile, limit = 12): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = byNode.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.split('/').pop() || '';
    const key = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    if (frame.functionName !== '(idle)' && frame.functionName !== '(program)') total += dt;
  });
  const lines = [...self.entries()]
    .filter(([k]) => !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([k, v]) => `      ${v.toFixed(0).padStart(5)} ms  ${k}`);
  return [`    busy ${total.toFixed(0)} ms; most self time:`, ...lines];
}

export interface Compact {
  count: number;
  id: number[];
  lng: number[];
  lat: number[];
  health: number[];
  vessel: number[];
  vessels: unknown[];
}

/** The real answer repeated until it has `target` points (ids shifted, positions moved a little). */
export function inflate(answer: Compact, target: number): Compact {
  const out: Compact = {
    count: 0,
    id: [],
    lng: [],
    lat: [],
    health: [],
    vessel: [],
    vessels: answer.vessels,
  };
  const maxId = Math.max(...answer.id);
  for (let copy = 0; out.id.length < target; copy++) {
    for (let i = 0; i < answer.count && out.id.length < target; i++) {
      out.id.push(answer.id[i] + copy * maxId);
      out.lng.push(Math.round((answer.lng[i] + copy * 0.37) * 1e5) / 1e5);
      out.lat.push(Math.max(-80, Math.min(80, Math.round((answer.lat[i] - copy * 0.21) * 1e5) / 1e5)));
      out.health.push(answer.health[i]);
      out.vessel.push(answer.vessel[i]);
    }
  }
  out.count = out.id.length;
  return out;
}

/**
 * In the page: animate the view from zoom 2.2 to 8 over 2 s and collect the duration of each frame (ms: the
 * interval from its start to the next frame's) with the zoom it drew, from the first frame of the animation to
 * the one after its last (the basemap is drawn sharp again then).
 */
export const ZOOM_SCRIPT = `new Promise((resolve) => {
  const h = window.__mapDebug.handle;
  h.zoomTo(2.2);
  const out = [];
  let last = 0;
  let lastZoom = 2.2;
  let after = 0;
  const tick = (now) => {
    // the frame that started at 'last' drew lastZoom (the map draws before this callback in each frame)
    out.push([now - last, lastZoom]);
    last = now;
    lastZoom = h.stats().zoom;
    if (lastZoom >= 8) after++;
    if (after > 1 || out.length > 2000) resolve(out.slice(1));
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => {
    last = now;
    h.zoomTo(8, undefined, 2000);
    requestAnimationFrame(tick);
  });
})`;
