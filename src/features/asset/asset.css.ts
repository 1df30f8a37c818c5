import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  textAlign: 'center',
});

export const balance = style({ fontSize: 28, fontWeight: 700, margin: 0, overflowWrap: 'anywhere' });

export const actions = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.sm });

export const addressRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const mono = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  overflowWrap: 'anywhere',
});

export const fullAddress = style([
  mono,
  { userSelect: 'all', fontSize: 15, lineHeight: 1.5, margin: 0, wordBreak: 'break-all' },
]);

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 40,
  minHeight: 40,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.accent,
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.4, cursor: 'progress' } },
});

export const sectionTitle = style({ fontSize: 18, fontWeight: 600, margin: `${vars.space.sm} 0 0` });

export const dayTitle = style({
  fontSize: 13,
  fontWeight: 600,
  color: vars.color.mutedText,
  margin: `${vars.space.sm} 0 ${vars.space.xs}`,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const row = style({
  display: 'grid',
  gridTemplateColumns: '40px minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.primary,
  textDecoration: 'none',
});

export const classIcon = style({
  width: 40,
  height: 40,
  flexShrink: 0,
  borderRadius: vars.radius.pill,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.background,
});

export const classTone = styleVariants({
  received: { color: vars.color.successText },
  sent: { color: vars.color.primary },
  swapped: { color: vars.color.accent },
  bought: { color: vars.color.successText },
  sold: { color: vars.color.primary },
  failed: { color: vars.color.errorText },
});

/** The details screen's large icon above the amount. */
export const classIconLarge = style({ width: 72, height: 72, background: vars.color.surface });

export const rowTitle = style({
  display: 'block',
  fontWeight: 600,
  margin: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const rowText = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 2,
  minWidth: 0,
});

export const tone = styleVariants({
  default: {},
  error: { color: vars.color.errorText },
});

/** Money in (green), money out (plain), or neutral: a failed transaction moved nothing, so no colour. */
export const amount = styleVariants({
  in: { fontWeight: 600, color: vars.color.successText, textAlign: 'right', overflowWrap: 'anywhere' },
  out: { fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' },
  neutral: { fontWeight: 600, color: vars.color.mutedText, textAlign: 'right', overflowWrap: 'anywhere' },
});

const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: '4px 10px 4px 8px',
  borderRadius: vars.radius.pill,
  fontSize: vars.text.small,
  fontWeight: 600,
  lineHeight: 1.2,
  whiteSpace: 'nowrap',
});

/** State pills (history rows, details); each pair of colours passes 4.5:1 in both themes. */
export const stateBadge = styleVariants({
  IN_PROGRESS: [pill, { background: vars.color.badge, color: vars.color.buttonText }],
  FAILED: [pill, { background: vars.color.error, color: vars.color.buttonText }],
  COMPLETED: [pill, { background: vars.color.background, color: vars.color.successText }],
});

/** Inside a history row the pill is smaller than on the details screen (defined after, so it wins). */
export const compactBadge = style({ fontSize: vars.text.caption, padding: '2px 8px 2px 6px' });

const pulse = keyframes({ '0%': { opacity: 0.5 }, '50%': { opacity: 1 }, '100%': { opacity: 0.5 } });

export const skeleton = style({
  height: 56,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  animation: `${pulse} 1.2s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const qr = style({
  alignSelf: 'center',
  width: 240,
  height: 240,
  padding: vars.space.sm,
  borderRadius: vars.radius.lg,
  background: '#FFF',
});

export const warning = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.error}`,
  color: vars.color.primary,
  margin: 0,
  lineHeight: 1.5,
});

export const details = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const detailRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: 40,
});

export const term = style({ color: vars.color.mutedText, flexShrink: 0, maxWidth: '45%' });

export const value = style({
  margin: 0,
  minWidth: 0,
  textAlign: 'right',
  overflowWrap: 'anywhere',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

export const detailStack = style({ display: 'flex', flexDirection: 'column', gap: 2 });

/** The value line of a stacked row: the shortened value, then its copy button 8 px away. */
export const copyRow = style({
  margin: 0,
  minWidth: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

/** An address or hash in a details row: middle-shortened in text, one line, the copy button beside it. */
/** An id shown whole (a buy's order id): monospace, broken anywhere rather than cut at 360 px. */
export const idValue = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.text.small,
  overflowWrap: 'anywhere',
  minWidth: 0,
});

export const copyValue = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.text.body,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  minWidth: 0,
});

/** A section title with a link at its end ("History … Filter and export"). */
export const sectionHead = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});

export const sectionLink = style({
  color: vars.color.primary,
  fontSize: vars.text.small,
  fontWeight: 600,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
});
