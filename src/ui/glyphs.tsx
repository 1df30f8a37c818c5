/**
 * The back chevron drawn inline with lucide's own path, so it matches the lucide icons elsewhere
 * without lucide's runtime in the /auth/login first load (its size budget is tight). Every other icon
 * of the signed-in app comes from `lucide-react`.
 */
export const ChevronLeftGlyph = () => (
  <svg
    width={26}
    height={26}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="m15 18-6-6 6-6" />
  </svg>
);
