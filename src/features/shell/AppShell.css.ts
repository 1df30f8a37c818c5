import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** Spec §9: the app is at most 540 px wide, centred. */
export const frame = style({
  maxWidth: 540,
  margin: '0 auto',
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  // Inside the messenger: the notch and, in full-screen, Telegram's own header (--safe-* from src/platform/telegram.ts).
  paddingTop: 'var(--safe-top, 0px)',
  paddingLeft: 'var(--safe-left, 0px)',
  paddingRight: 'var(--safe-right, 0px)',
});

export const main = style({ flex: 1, display: 'flex', flexDirection: 'column', padding: vars.space.md });

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, flex: 1 });

export const title = style({ fontSize: 24, fontWeight: 700, margin: `${vars.space.sm} 0`, overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.mutedText, margin: 0, lineHeight: 1.5 });

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const centered = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  gap: vars.space.md,
  padding: vars.space.lg,
});
