import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const note = style({ fontSize: 13, color: vars.color.mutedText, margin: 0, lineHeight: 1.5 });
export const error = style({ fontSize: 13, color: vars.color.errorText, margin: 0 });
export const big = style({ fontSize: 28, fontWeight: 700, margin: 0, textAlign: 'center', overflowWrap: 'anywhere' });
export const fiat = style({ display: 'block', fontSize: 13, fontWeight: 400, color: vars.color.mutedText });
export const rows = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const row = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
});
export const term = style({ color: vars.color.mutedText, flexShrink: 0 });
export const value = style({ margin: 0, minWidth: 0, textAlign: 'right', overflowWrap: 'anywhere' });
export const mono = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' });
/** Spec §9: the saved-cards list is at most 300 px high and scrolls inside. */
export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  maxHeight: 300,
  overflowY: 'auto',
});
export const savedCard = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: 48,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  border: 'none',
  borderRadius: vars.radius.md,
  color: vars.color.primary,
  cursor: 'pointer',
  textAlign: 'left',
  fontSize: vars.text.body,
});
export const sectionTitle = style({
  fontSize: vars.text.small,
  fontWeight: 600,
  color: vars.color.mutedText,
  margin: 0,
});
export const grow = style({ flex: 1, minWidth: 0 });
export const amountRow = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm });
export const max = style({
  flex: '0 0 auto',
  width: 88,
  marginTop: `calc(${vars.text.small} * 1.5 + ${vars.space.xs})`,
});
