import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const header = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.sm, textAlign: 'center' });

export const balance = style({ fontSize: 28, fontWeight: 700, margin: 0, overflowWrap: 'anywhere' });

export const actions = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.sm });

export const addressRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });

export const mono = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflowWrap: 'anywhere' });

export const fullAddress = style([mono, { userSelect: 'all', fontSize: 15, lineHeight: 1.5, margin: 0, wordBreak: 'break-all' }]);

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

export const dayTitle = style({ fontSize: 13, fontWeight: 600, color: vars.color.secondaryText, margin: `${vars.space.sm} 0 ${vars.space.xs}` });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const row = style({
  display: 'grid',
  gridTemplateColumns: '40px 1fr auto',
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
  borderRadius: vars.radius.pill,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.background,
});

export const rowTitle = style({ display: 'block', fontWeight: 600, margin: 0 });

export const tone = styleVariants({
  default: {},
  error: { color: vars.color.error },
});

export const amount = styleVariants({
  in: { fontWeight: 600, color: vars.color.success, textAlign: 'right', overflowWrap: 'anywhere' },
  out: { fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' },
});

export const badge = styleVariants({
  IN_PROGRESS: { fontSize: 12, padding: '2px 8px', borderRadius: vars.radius.pill, background: vars.color.badge, color: vars.color.buttonText },
  FAILED: { fontSize: 12, padding: '2px 8px', borderRadius: vars.radius.pill, background: vars.color.error, color: vars.color.buttonText },
  COMPLETED: { fontSize: 12, color: vars.color.success },
});

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

export const detailRow = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md });

export const term = style({ color: vars.color.secondaryText });

export const value = style({ margin: 0, textAlign: 'right', overflowWrap: 'anywhere', display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
