import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const root = style({ position: 'relative', display: 'inline-flex', flexShrink: 0 });

export const image = style({ display: 'block', width: '100%', height: '100%', borderRadius: '50%' });

export const fallback = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  borderRadius: '50%',
  background: vars.color.border,
  color: vars.color.primary,
  fontWeight: 700,
  textTransform: 'uppercase',
  userSelect: 'none',
});

export const badge = style({
  position: 'absolute',
  right: -2,
  bottom: -2,
  width: '42%',
  height: '42%',
  borderRadius: '50%',
  boxShadow: `0 0 0 2px ${vars.color.background}`,
  background: vars.color.background,
  display: 'flex',
});
