import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

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

export const track = style({
  position: 'relative',
  flexShrink: 0,
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
