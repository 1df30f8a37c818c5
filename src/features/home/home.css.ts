import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const total = style({ fontSize: 34, fontWeight: 700, margin: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });

// Two columns of icon + label tiles: "Купить / Продать" needs ~115 px on one line, which four columns
// at 360 px (68 px a tile) cannot give. An odd last tile spans the row.
export const actions = style({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.sm });

export const action = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: 52,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.primary,
  border: 'none',
  fontSize: vars.text.body,
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:last-child:nth-child(odd)': { gridColumn: '1 / -1' } },
});

/** Labels stay on one line (an ellipsis only as the last resort, e.g. a 280 px window). */
export const actionLabel = style({ maxWidth: '100%', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });

export const sectionHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });

export const subtitle = style({ fontSize: 18, fontWeight: 700, margin: 0 });

export const link = style({ color: vars.color.accent, textDecoration: 'none', fontWeight: 600 });

export const hint = style({ color: vars.color.mutedText, fontSize: 14, margin: 0 });

export const banner = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.accent}`,
});

export const bannerText = style({ flex: 1, margin: 0 });

export const close = style({
  background: 'none',
  border: 'none',
  color: vars.color.mutedText,
  fontSize: 22,
  lineHeight: 1,
  cursor: 'pointer',
  padding: vars.space.xs,
});

export const skeletonRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, padding: vars.space.md });

/** The screen's h1 reads as a caption above the amount, not as a headline. */
export const totalLabel = style({ fontSize: 15, fontWeight: 500, margin: 0, color: vars.color.mutedText });
