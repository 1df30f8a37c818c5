import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const nav = style({
  position: 'sticky',
  bottom: 0,
  background: vars.color.background,
  borderTop: `1px solid ${vars.color.border}`,
  paddingBottom: 'var(--safe-bottom, 0px)',
});

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, 1fr)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const link = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 2,
  padding: `${vars.space.sm} 0`,
  minHeight: 56,
  fontSize: 11,
  color: vars.color.mutedText,
  textDecoration: 'none',
  selectors: { '&[aria-current="page"]': { color: vars.color.primary, fontWeight: 600 } },
});

export const badge = style({
  position: 'absolute',
  top: 4,
  left: '50%',
  marginLeft: 8,
  padding: '0 5px',
  borderRadius: vars.radius.pill,
  background: vars.color.badge,
  // White on the dark theme's badge is below 4.5:1; the button text colour passes in both themes.
  color: vars.color.buttonText,
  fontSize: 9,
  lineHeight: '14px',
  textTransform: 'uppercase',
  fontWeight: 700,
});
