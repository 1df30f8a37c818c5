import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const label = style({ fontSize: vars.text.small, lineHeight: 1.5, color: vars.color.mutedText });
/** Read by screen readers, not shown: a heading beside the field already says it. */
export const hiddenLabel = style({
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
export const box = style({
  display: 'flex',
  alignItems: 'center',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  border: `1px solid transparent`,
  // The input draws no outline of its own; the whole box gets the app's focus ring instead.
  selectors: {
    '&:focus-within': { borderColor: vars.color.accent },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});
export const invalid = style({ borderColor: vars.color.error });
export const input = style({
  flex: 1,
  minWidth: 0,
  height: 52,
  padding: `0 ${vars.space.md}`,
  background: 'transparent',
  border: 'none',
  outline: 'none',
  fontSize: 16,
});
export const toggle = style({
  background: 'none',
  border: 'none',
  padding: `0 ${vars.space.md}`,
  height: 52,
  color: vars.color.mutedText,
  cursor: 'pointer',
  fontSize: 14,
});
export const hint = style({ fontSize: 13, color: vars.color.errorText, minHeight: 16 });
