/** The app's mark, drawn as SVG so it renders everywhere (an emoji shows as an empty box without an emoji font). */
export function Logo() {
  return (
    <svg width={72} height={72} viewBox="0 0 72 72" aria-hidden="true">
      <rect width="72" height="72" rx="20" fill="currentColor" opacity="0.14" />
      <g fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M18 26a6 6 0 0 1 6-6h22a4 4 0 0 1 4 4v2M56 36h-8a4 4 0 0 0 0 8h8" />
        <rect x="16" y="26" width="40" height="28" rx="6" />
      </g>
    </svg>
  );
}
