import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** A rounded card of rows (settings, asset lists, pickers). */
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
});

/** What every tappable row of such a list shares; screens add their own height and spacing. */
export const rowBase = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
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

/** The switch drawn inside a role="switch" row: it follows the row's aria-checked. */
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
