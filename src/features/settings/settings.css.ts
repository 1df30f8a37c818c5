import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

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
  justifyContent: 'space-between',
  gap: vars.space.md,
  width: '100%',
  minHeight: 52,
  padding: `0 ${vars.space.md}`,
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

export const value = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, color: vars.color.secondaryText });

export const email = style({ fontSize: 18, fontWeight: 600, wordBreak: 'break-all', margin: 0 });

export const track = style({
  position: 'relative',
  width: 44,
  height: 26,
  borderRadius: vars.radius.pill,
  background: vars.color.border,
  transition: 'background 150ms',
  selectors: { '[aria-checked="true"] > &': { background: vars.color.accent } },
});

export const thumb = style({
  position: 'absolute',
  top: 3,
  left: 3,
  width: 20,
  height: 20,
  borderRadius: '50%',
  background: '#FFF',
  transition: 'transform 150ms',
  selectors: { '[aria-checked="true"] > * > &': { transform: 'translateX(18px)' } },
});

export const check = style({ color: vars.color.accent, fontWeight: 700 });
