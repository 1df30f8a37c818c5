import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const rows = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const line = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
});
// Both sides may wrap at spaces ("Вы получите / ровно", "288,731617 / USDT") so a long Russian term
// and a long amount share a 360 px row; a word breaks only if it alone is wider than the row.
export const term = style({ color: vars.color.mutedText, flex: '0 1 auto' });
export const value = style({
  flex: '0 1 auto',
  margin: 0,
  minWidth: 0,
  textAlign: 'right',
  overflowWrap: 'break-word',
});
export const fiat = style({ display: 'block', fontSize: 13, fontWeight: 400, color: vars.color.mutedText });
/** The rate is a button (tap, Enter or Space shows it the other way) that reads as text with an icon. */
export const flip = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  minHeight: 44,
  margin: `calc(-1 * ${vars.space.sm}) 0`,
  padding: 0,
  background: 'none',
  border: 'none',
  color: vars.color.primary,
  font: 'inherit',
  textAlign: 'right',
  cursor: 'pointer',
});
export const flipIcon = style({ color: vars.color.accent, flexShrink: 0 });
export const amount = style({ display: 'block' });
