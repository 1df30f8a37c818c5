import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { list, rowBase, thumb, track } from '../../ui/list.css';

export { list, thumb, track };

export const row = style([rowBase, { justifyContent: 'space-between', minHeight: 52, padding: `0 ${vars.space.md}` }]);

export const value = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, color: vars.color.mutedText });

export const email = style({ fontSize: 18, fontWeight: 600, wordBreak: 'break-all', margin: 0 });

export const check = style({ color: vars.color.accent, fontWeight: 700 });

export const hint = style({ display: 'block', fontSize: 13, color: vars.color.mutedText, marginTop: 2 });

export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.md });

export const panelTitle = style({ fontSize: 17, fontWeight: 600, margin: 0 });

export const deepLink = style({ wordBreak: 'break-all', color: vars.color.accent, fontSize: 13, textAlign: 'center' });

/** A titled part of Settings (Notifications): its heading, text and rows, closer together than the page's blocks. */
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

/** A section heading over a list of rows. */
export const sectionTitle = style({
  fontSize: vars.text.small,
  fontWeight: 600,
  color: vars.color.mutedText,
  margin: 0,
  padding: `0 ${vars.space.xs}`,
});

/**
 * A switch row that cannot be pressed here (aria-disabled keeps it in the tab order with its reason): the
 * text keeps its colours, the drawn switch fades.
 */
export const switchRow = style([
  row,
  {
    paddingTop: vars.space.sm,
    paddingBottom: vars.space.sm,
    selectors: { '&[aria-disabled="true"]': { cursor: 'default' } },
  },
]);

export const fadedTrack = style({ opacity: 0.45 });

/**
 * A row with no switch (security e-mails): the label and "Always on" share the first line, the hint takes
 * the whole width under them, so a long label or a long "Always on" (Russian) never squeezes the hint.
 */
export const staticRow = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: `${vars.space.sm} ${vars.space.md}`,
  minHeight: 52,
  justifyContent: 'center',
});

export const staticHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  columnGap: vars.space.md,
  rowGap: 2,
});

/** "Always on": a lock and the words, where a switch would be. */
export const alwaysOn = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.successText,
  fontSize: vars.text.small,
  fontWeight: 600,
});

/** An e-mail address in a hint breaks anywhere rather than at its hyphens only. */
export const hintWrap = style({ overflowWrap: 'anywhere' });

/** The section's status line: empty, and of no height, until a change is refused (it stays in the page so a screen reader hears what appears in it). */
export const notice = style({ margin: 0, lineHeight: 1.5, color: vars.color.mutedText });
export const noticeError = style([notice, { color: vars.color.errorText }]);
