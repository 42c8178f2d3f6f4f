/** The Kestrel mark: a stylised bird in flight. Decorative; the app name is always written next to it. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <defs>
        <linearGradient id="kestrel-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffc857" />
          <stop offset="1" stopColor="#e2720f" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#kestrel-logo)" />
      <path d="M10 38 L32 14 L54 38 L42 33 L32 50 L22 33 Z" fill="#181a20" />
    </svg>
  );
}
