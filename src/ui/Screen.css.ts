import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** A screen fills the shell's height so its action area sits at the bottom, above the safe area. */
export const screen = style({ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: vars.space.md });

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: 44 });

export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 44,
  height: 44,
  marginLeft: `calc(-1 * ${vars.space.sm})`,
  borderRadius: vars.radius.pill,
  border: 'none',
  background: 'transparent',
  color: vars.color.primary,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&:disabled': { opacity: 0.4, cursor: 'not-allowed' },
  },
});

/** The back control's wrapper takes no box of its own, so the header lays out as before. */
export const slot = style({ display: 'contents' });

export const title = style({
  flex: 1,
  minWidth: 0,
  margin: 0,
  fontSize: vars.text.heading,
  lineHeight: 1.25,
  fontWeight: 700,
  overflowWrap: 'anywhere',
});

export const content = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, flex: 1 });

export const centered = style({ alignItems: 'center', textAlign: 'center' });

/** Sticky so a long form keeps its primary action in reach, as Telegram's main button will be. */
export const actions = style({
  position: 'sticky',
  bottom: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: 'auto',
  paddingTop: vars.space.sm,
  paddingBottom: `calc(${vars.space.sm} + var(--safe-bottom, 0px))`,
  background: vars.color.background,
});

/** Why the main action waits (offline): small secondary text right above it. */
export const hold = style({
  margin: 0,
  color: vars.color.mutedText,
  fontSize: vars.text.small,
  lineHeight: 1.4,
  textAlign: 'center',
  overflowWrap: 'anywhere',
});

/** The fieldset that disables a held primary draws nothing of its own. */
export const heldSlot = style({ border: 'none', margin: 0, padding: 0, minInlineSize: 0 });

/** Status screens (sent, set, confirmed): an icon and a message at the top of the content. */
export const status = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.sm,
  paddingTop: vars.space.xl,
});

export const statusIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 72,
  height: 72,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
});

export const statusTitle = style({
  margin: `${vars.space.sm} 0 0`,
  fontSize: vars.text.heading,
  lineHeight: 1.25,
  fontWeight: 700,
  overflowWrap: 'anywhere',
});

export const statusText = style({
  margin: 0,
  color: vars.color.mutedText,
  fontSize: vars.text.body,
  lineHeight: 1.5,
  overflowWrap: 'anywhere',
});

export const statusTone = {
  neutral: style({ color: vars.color.accent }),
  success: style({ color: vars.color.successText }),
  error: style({ color: vars.color.errorText }),
};
