import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** One column, the primary action at the bottom of a thumb's reach on phones. */
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minHeight: '100dvh',
  padding: `${vars.space.xl} ${vars.space.md} ${vars.space.lg}`,
  boxSizing: 'border-box',
  color: vars.color.primary,
});

export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const title = style({ margin: 0, fontSize: 28, fontWeight: 700, lineHeight: 1.2 });
export const subtitle = style({ margin: 0, fontSize: 16, color: vars.color.mutedText, lineHeight: 1.4 });
export const emphasis = style({ color: vars.color.primary, fontWeight: 600, wordBreak: 'break-all' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, flex: 1 });
export const fields = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: 'auto',
});

export const link = style({
  alignSelf: 'center',
  padding: vars.space.sm,
  color: vars.color.accent,
  fontSize: 15,
  textDecoration: 'none',
  selectors: { '&:hover, &:focus-visible': { textDecoration: 'underline' } },
});
export const linkEnd = style([link, { alignSelf: 'flex-end', padding: `0 0 ${vars.space.xs}` }]);

export const centered = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  textAlign: 'center',
});
export const icon = style({ fontSize: 56, lineHeight: 1 });
