// The four gallery messages' icons: update, centralize, automate, alert.
export type GalleryIconKind = 'update' | 'centralize' | 'automate' | 'alerts';

const PATHS: Record<GalleryIconKind, string> = {
  update: 'M24 8a16 16 0 1 1-14 8M10 6v10h10',
  centralize: 'M8 12h32M8 24h32M8 36h32M24 4v40',
  automate: 'M14 34l10-10 6 6 10-12M36 18h4v4',
  alerts: 'M24 6a10 10 0 0 1 10 10v10l4 6H10l4-6V16A10 10 0 0 1 24 6zM20 38a4 4 0 0 0 8 0',
};

export function GalleryIcon({ kind }: { kind: GalleryIconKind }) {
  return (
    <svg className="pub-gallery__icon" viewBox="0 0 48 48" aria-hidden="true">
      <rect width="48" height="48" rx="12" fill="#e8eef9" />
      <path
        d={PATHS[kind]}
        fill="none"
        stroke="#0b3d91"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        transform="translate(6 6) scale(.75)"
      />
    </svg>
  );
}
