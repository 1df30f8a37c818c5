import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const subtitle = style({ margin: 0, fontSize: vars.text.body, color: vars.color.mutedText, lineHeight: 1.4 });
export const emphasis = style({ color: vars.color.primary, fontWeight: 600, wordBreak: 'break-all' });

export const fields = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const link = style({
  alignSelf: 'center',
  padding: vars.space.sm,
  color: vars.color.accent,
  fontSize: 15,
  textDecoration: 'none',
  selectors: { '&:hover, &:focus-visible': { textDecoration: 'underline' } },
});
export const linkEnd = style([link, { alignSelf: 'flex-end', padding: `0 0 ${vars.space.xs}` }]);
