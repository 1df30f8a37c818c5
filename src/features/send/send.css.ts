import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const tools = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' });
export const tool = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: 36,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: 'none',
  color: vars.color.primary,
  fontSize: 14,
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.4, cursor: 'not-allowed' } },
});
// Max lines up with the input box (under the field's label), whether or not an error shows below it.
export const amountRow = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm });
export const grow = style({ flex: 1, minWidth: 0 });
export const max = style({
  flex: '0 0 auto',
  width: 88,
  marginTop: `calc(${vars.text.small} * 1.5 + ${vars.space.xs})`,
});
export const note = style({ fontSize: 13, color: vars.color.mutedText, margin: 0, lineHeight: 1.5 });
export const error = style({ fontSize: 13, color: vars.color.errorText, margin: 0 });
export const rows = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const row = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
});
export const term = style({ color: vars.color.mutedText, flexShrink: 0 });
/** A value with its own control under it (the recipient and its show/hide toggle). */
export const stack = style({
  margin: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.xs,
});
export const value = style({ margin: 0, minWidth: 0, textAlign: 'right', overflowWrap: 'anywhere' });
export const mono = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  wordBreak: 'break-all',
});
export const big = style({ fontSize: 28, fontWeight: 700, margin: 0, textAlign: 'center', overflowWrap: 'anywhere' });
export const sheet = style({
  position: 'fixed',
  inset: 0,
  zIndex: 20,
  background: vars.color.background,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  maxWidth: 540,
  margin: '0 auto',
  overflowY: 'auto',
});
export const entry = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 2,
  width: '100%',
  padding: vars.space.md,
  background: vars.color.surface,
  border: 'none',
  borderRadius: vars.radius.md,
  color: vars.color.primary,
  cursor: 'pointer',
  textAlign: 'left',
});
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
/** A fiat value on its own line under an amount (review). */
export const fiat = style({ display: 'block', fontSize: 13, fontWeight: 400, color: vars.color.mutedText });
/** The look-alike warning: a bordered block in the error colour with an icon and a heading (not colour alone). */
export const warning = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.error}`,
  background: vars.color.surface,
  color: vars.color.primary,
});
export const warningTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: 16,
  fontWeight: 700,
  color: vars.color.errorText,
});
export const warningText = style({ margin: 0, fontSize: 14, lineHeight: 1.5 });
export const compare = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const compareLabel = style({ fontSize: 13, color: vars.color.mutedText, margin: 0 });
export const compareValue = style({
  margin: 0,
  fontSize: 14,
  lineHeight: 1.6,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  wordBreak: 'break-all',
  overflowWrap: 'anywhere',
});
/** The differing middle: bold and underlined, so it shows without colour too (and announced, RecipientWarning.tsx). */
export const differs = style({
  fontWeight: 700,
  textDecoration: 'underline',
  textDecorationThickness: 2,
  textUnderlineOffset: 3,
  background: 'none',
  color: vars.color.errorText,
  // A long middle wraps inside the card instead of running under its border.
  wordBreak: 'break-all',
  overflowWrap: 'anywhere',
  boxDecorationBreak: 'clone',
  WebkitBoxDecorationBreak: 'clone',
});
export const ack = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  fontSize: 14,
  fontWeight: 600,
  cursor: 'pointer',
  lineHeight: 1.4,
});
export const ackBox = style({ width: 22, height: 22, flex: '0 0 auto', margin: 0, accentColor: vars.color.accent });
export const notice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  fontSize: 13,
  color: vars.color.mutedText,
  margin: 0,
  lineHeight: 1.5,
});
export const recent = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  gap: vars.space.xs,
  flexWrap: 'wrap',
});

/** "Wallet user · free, instant": the recipient is another user of this wallet. */
export const internal = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.text.small,
  fontWeight: 600,
  color: vars.color.successText,
});
