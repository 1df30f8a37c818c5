import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** "You pay" / "You get": the asset button above its amount field. */
// Outlined, not filled: the amount fields and Max inside keep their own surface and stand out.
export const side = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const sideHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
// The heading keeps its words whole ("Вы получите" at 360 px); the asset button gives way instead.
export const sideLabel = style({
  fontSize: 14,
  fontWeight: 600,
  color: vars.color.mutedText,
  margin: 0,
  whiteSpace: 'nowrap',
  flexShrink: 0,
});
export const assetButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 44,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.primary,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  minWidth: 0,
});
/** Ticker over network ("USDT" / "TRC-20"), each whole on its line: never broken at the hyphen. */
export const assetName = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  lineHeight: 1.15,
  whiteSpace: 'nowrap',
  minWidth: 0,
});
export const assetNetwork = style({ fontSize: 12, fontWeight: 600, color: vars.color.mutedText });
export const chips = style({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: vars.space.sm });
export const chip = style({
  minHeight: 44,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.primary,
  font: 'inherit',
  fontSize: vars.text.small,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.4, cursor: 'not-allowed' } },
});
export const note = style({ fontSize: 13, color: vars.color.mutedText, margin: 0, lineHeight: 1.5 });
export const error = style({ fontSize: 13, color: vars.color.errorText, margin: 0 });
export const flip = style({
  alignSelf: 'center',
  width: 44,
  height: 44,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.primary,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  cursor: 'pointer',
  margin: `calc(-1 * ${vars.space.sm}) 0`,
  selectors: { '&:disabled': { opacity: 0.4, cursor: 'not-allowed' } },
});
export const rate = style({ fontSize: 14, color: vars.color.mutedText, margin: 0, textAlign: 'center' });
export const rows = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const line = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
});
export const term = style({ color: vars.color.mutedText, flexShrink: 0 });
export const value = style({ margin: 0, minWidth: 0, textAlign: 'right', overflowWrap: 'anywhere' });
export const fiat = style({ display: 'block', fontSize: 13, fontWeight: 400, color: vars.color.mutedText });
/** At 0 the summary greys out (spec §4). */
export const stale = style({ opacity: 0.5 });
export const timer = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: 14,
  color: vars.color.mutedText,
  margin: 0,
});
export const clock = style({
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 700,
  color: vars.color.primary,
  fontSize: 16,
});
export const big = style({ fontSize: 28, fontWeight: 700, margin: 0, textAlign: 'center', overflowWrap: 'anywhere' });
