import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const search = style({
  width: '100%',
  minHeight: 44,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.primary,
  fontSize: 16,
});

/** A row drawn as a button resets the button's own look to the list row's. */
export const button = style({ font: 'inherit' });

export const amounts = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  marginLeft: 'auto',
  flexShrink: 0,
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
});
export const available = style({ fontSize: 14 });
export const fiat = style({ fontSize: 13, color: vars.color.mutedText });
