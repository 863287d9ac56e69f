// The portal's mark: a container seen from the side, with a location pin.
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg className="pub-logo" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true">
      <rect x="2" y="11" width="22" height="15" rx="2" fill="#0b3d91" />
      <path d="M7 14v9M11 14v9M15 14v9M19 14v9" stroke="#8fb3ea" strokeWidth="1.6" />
      <path d="M25 2a5 5 0 0 0-5 5c0 4 5 9 5 9s5-5 5-9a5 5 0 0 0-5-5z" fill="#1fa37a" />
      <circle cx="25" cy="7" r="1.8" fill="#fff" />
    </svg>
  );
}
