/**
 * Status icons of the signed-out screens: lucide's paths, inline so no icon runtime joins the login
 * chunk. Each lives next to its screen's chunk (the check is only on the confirm screen).
 */
export const glyph = {
  width: 36,
  height: 36,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.75,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export const MailIcon = () => (
  <svg {...glyph}>
    <path d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7" />
    <rect x="2" y="4" width="20" height="16" rx="2" />
  </svg>
);
