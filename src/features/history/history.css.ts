import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const filters = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});
export const wide = style({ gridColumn: '1 / -1' });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const label = style({ fontSize: vars.text.small, color: vars.color.mutedText });
export const control = style({
  height: 48,
  width: '100%',
  minWidth: 0,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.primary,
  fontSize: 16,
  fontFamily: 'inherit',
  boxSizing: 'border-box',
  colorScheme: 'inherit',
});
/** The date fields' format under them, and what is wrong with a typed day. */
export const hint = style({ fontSize: vars.text.caption, color: vars.color.mutedText });
export const error = style({ fontSize: vars.text.small, color: vars.color.errorText });
export const searchRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'stretch' });
export const bar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
export const count = style({ fontSize: vars.text.small, color: vars.color.mutedText, margin: 0 });
export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: `${vars.space.xs} 0`,
  color: vars.color.primary,
  fontSize: vars.text.small,
  fontWeight: 600,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
  cursor: 'pointer',
  fontFamily: 'inherit',
});
