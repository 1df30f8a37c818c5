import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const row = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.primary,
  textDecoration: 'none',
});
export const name = style({ fontWeight: 600 });
export const meta = style({ fontSize: 13, color: vars.color.mutedText, overflowWrap: 'anywhere' });
export const select = style({
  height: 52,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  background: vars.color.surface,
  color: vars.color.primary,
  fontSize: 16,
  fontFamily: 'inherit',
});
export const label = style({ fontSize: 14, color: vars.color.mutedText });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const tool = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  alignSelf: 'flex-start',
  minHeight: 36,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: 'none',
  color: vars.color.primary,
  fontSize: 14,
  cursor: 'pointer',
});
export const iconLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  borderRadius: vars.radius.pill,
  color: vars.color.errorText,
  background: vars.color.surface,
});
export const danger = style({ color: vars.color.errorText });
