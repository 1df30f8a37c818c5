import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export { thumb, track } from '../../ui/list.css';

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
