import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: 64,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: 'none',
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.primary,
  fontSize: 16,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { 'li:last-child > &': { borderBottom: 'none' } },
});

export const names = style({ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 });
export const primary = style({ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const secondary = style({ color: vars.color.secondaryText, fontSize: 14 });
export const amounts = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', fontVariantNumeric: 'tabular-nums' });
