import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** A navigation that looks like the primary button: these screens only lead somewhere. */
export const primaryLink = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 52,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.buttonText,
  fontWeight: 600,
  fontSize: 16,
  textDecoration: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 } },
});
