// The public routes are prerendered to static HTML (shell build, see mfe-public/prerender/). That markup sits in
// `#pre` while the portal's JavaScript loads, and the shell's `#root` stays hidden. Once a public page of this
// remote has rendered inside the shell, it takes over: `#pre` goes away and `#root` shows, in the same frame.

const PRERENDER_ID = 'pre';
const PRERENDER_CLASS = 'pre-active';

export function releasePrerender(doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  doc.getElementById(PRERENDER_ID)?.remove();
  doc.documentElement.classList.remove(PRERENDER_CLASS);
}
