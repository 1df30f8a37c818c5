import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** The live region stays in the page (so a change is announced) and takes no room while empty. */
export const region = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  padding: `0 ${vars.space.md}`,
  background: vars.color.background,
});

export const banner = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  margin: `${vars.space.sm} 0 0`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  borderLeft: `4px solid ${vars.color.error}`,
  color: vars.color.primary,
  fontSize: vars.text.small,
  lineHeight: 1.4,
  overflowWrap: 'anywhere',
});
