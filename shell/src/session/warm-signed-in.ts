// The chunks the first signed-in page needs (the portal's chrome and the remote-page frame), fetched while the
// login page waits for the user. After signing in nothing of the shell is left to load, so no chunk request is
// still in flight (and cut short, as the aborted loads seen at every login were) when the dashboard appears or
// the user goes straight on to another page.
const SIGNED_IN_CHUNKS: ReadonlyArray<() => Promise<unknown>> = [
  () => import('../chrome/app-chrome'),
  () => import('../remotes/RemotePage'),
];

let warming: Promise<void> | null = null;

/** Loads the signed-in chunks once (again after a failure); never rejects: the pages load them on demand anyway. */
export function warmSignedInChunks(): Promise<void> {
  warming ??= Promise.all(SIGNED_IN_CHUNKS.map((load) => load())).then(
    () => undefined,
    () => {
      warming = null;
    },
  );
  return warming;
}
