import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { list, rowBase } from './list.css';

export { list };

export const row = style([rowBase, { minHeight: 64, padding: `${vars.space.sm} ${vars.space.md}` }]);

export const names = style({ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 });
export const primary = style({ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const secondary = style({ color: vars.color.mutedText, fontSize: 14 });
export const amounts = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  fontVariantNumeric: 'tabular-nums',
});
export const badge = style({
  display: 'inline-block',
  marginInlineStart: 2,
  padding: '0 6px',
  borderRadius: 6,
  border: `1px solid ${vars.color.border}`,
  fontSize: 12,
  lineHeight: '18px',
  whiteSpace: 'nowrap',
});
