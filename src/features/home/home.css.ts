import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const total = style({
  fontSize: 34,
  fontWeight: 700,
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});

// Icon + label tiles that take their label's width and share each row (flex-grow), wrapping to a
// new row rather than cutting a label: "Купить / Продать" needs ~150 px in a wide font, more than a
// quarter (or half) of a 360 px screen gives.
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const action = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: '1 0 auto',
  maxWidth: '100%',
  gap: 6,
  minHeight: 48,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.primary,
  border: 'none',
  fontSize: vars.text.small,
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
});

/** Labels stay on one line; an ellipsis only below ~200 px, where even a whole row is too short. */
export const actionLabel = style({
  minWidth: 0,
  maxWidth: '100%',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const sectionHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const subtitle = style({ fontSize: 18, fontWeight: 700, margin: 0 });

export const link = style({ color: vars.color.accent, textDecoration: 'none', fontWeight: 600 });

/** A total that may be old: set back in the secondary colour (large text only: 34 px passes AA with it). */
export const dated = style({ color: vars.color.secondaryText });

export const updated = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.mutedText,
  fontSize: vars.text.small,
  margin: 0,
});

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

export const totalHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

/** 44 px square: a comfortable tap target beside the caption, coloured like the caption it sits by. */
export const eye = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  margin: -10,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'none',
  color: vars.color.mutedText,
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: -4 } },
});

/** Home's 24 h change under the total (issue 14): one line, kept even while empty. */
export const change = style({ margin: 0, minHeight: 21, fontSize: vars.text.small });
