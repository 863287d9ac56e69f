// User Timing marks on the way to the first drawn clusters ('map:…'), read by the bench's profile and visible
// in a browser performance trace. performance.mark is cheap; nothing else is recorded.
export function mark(name: string): void {
  try {
    globalThis.performance?.mark?.(`map:${name}`);
  } catch {
    // no User Timing: nothing to record
  }
}
