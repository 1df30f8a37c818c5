/** The app's mark, drawn as SVG so it renders everywhere (an emoji shows as an empty box without an emoji font). */
export function Logo({ size = 72 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <rect width="72" height="72" rx="20" fill="currentColor" opacity="0.14" />
      <path d="M18 26a6 6 0 0 1 6-6h22a4 4 0 0 1 4 4v2" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
      <rect x="16" y="26" width="40" height="28" rx="6" fill="none" stroke="currentColor" strokeWidth="3.5" />
      <path d="M56 36h-8a4 4 0 0 0 0 8h8" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinejoin="round" />
      <circle cx="48" cy="40" r="1.8" fill="currentColor" />
    </svg>
  );
}
