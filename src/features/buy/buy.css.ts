import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const fields = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const note = style({ fontSize: 13, color: vars.color.mutedText, margin: 0, lineHeight: 1.5 });
export const error = style({ fontSize: 13, color: vars.color.errorText, margin: 0 });
export const rate = style({ fontSize: 14, color: vars.color.mutedText, margin: 0, minHeight: 21 });
export const rows = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const row = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
});
export const term = style({ color: vars.color.mutedText, flexShrink: 0 });
export const value = style({ margin: 0, minWidth: 0, textAlign: 'right', overflowWrap: 'anywhere' });
export const big = style({ fontSize: 28, fontWeight: 700, margin: 0, textAlign: 'center', overflowWrap: 'anywhere' });
export const label = style({ fontSize: 14, color: vars.color.mutedText, display: 'block', textAlign: 'center' });
export const summary = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  transition: 'opacity 300ms',
});
/** Spec §4: at 0 the summary is greyed. */
export const greyed = style({ opacity: 0.45, filter: 'grayscale(1)' });
export const timer = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: 14,
  color: vars.color.mutedText,
  margin: 0,
});
export const time = style({ fontVariantNumeric: 'tabular-nums', fontWeight: 600, color: vars.color.primary });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const regionCode = style({ color: vars.color.mutedText, fontSize: 14 });
/** Preset amounts (issue 22): four chips in a row, 44 px high, the chosen one filled. */
export const presets = style({ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: vars.space.xs });
export const preset = style({
  minHeight: 44,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.primary,
  font: 'inherit',
  fontSize: vars.text.small,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.primary, boxShadow: `inset 0 0 0 1px ${vars.color.primary}` },
  },
});
