import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});

export const title = style({ fontSize: vars.text.title, fontWeight: 700, margin: 0 });

/** The range switch: a segmented control of four 44 px-high buttons. */
export const ranges = style({
  display: 'flex',
  gap: vars.space.xs,
  padding: 2,
  borderRadius: vars.radius.md,
  background: vars.color.background,
});

export const range = style({
  minWidth: 44,
  minHeight: 36,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.mutedText,
  font: 'inherit',
  fontSize: vars.text.small,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.surface, color: vars.color.primary } },
});

export const price = style({
  fontSize: 28,
  fontWeight: 700,
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});

export const subline = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.sm}`,
  fontSize: vars.text.small,
  margin: 0,
  minHeight: 21,
});

export const muted = style({ color: vars.color.mutedText });

/** Fixed height, so loading, error and chart take the same room and nothing below jumps. */
export const plot = style({ position: 'relative', height: 160 });

export const placeholder = style([
  plot,
  {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    textAlign: 'center',
  },
]);

/** The scrub area: vertical swipes still scroll the page, horizontal ones move the cursor. */
export const scrubber = style({
  position: 'absolute',
  inset: 0,
  touchAction: 'pan-y',
  cursor: 'crosshair',
  borderRadius: vars.radius.sm,
  userSelect: 'none',
  WebkitUserSelect: 'none',
  WebkitTapHighlightColor: 'transparent',
});

export const svg = style({ display: 'block', width: '100%', height: '100%', overflow: 'visible' });

export const line = style({
  fill: 'none',
  stroke: vars.color.accent,
  strokeWidth: 2,
  strokeLinejoin: 'round',
  strokeLinecap: 'round',
});

export const area = style({ fill: vars.color.accent, opacity: 0.12, stroke: 'none' });

export const rule = style({ stroke: vars.color.mutedText, strokeWidth: 1, strokeDasharray: '3 3' });

export const dot = style({
  position: 'absolute',
  width: 12,
  height: 12,
  marginLeft: -6,
  marginTop: -6,
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  border: `2px solid ${vars.color.surface}`,
  pointerEvents: 'none',
});

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `${vars.space.sm} ${vars.space.md}`,
  margin: 0,
});

// Label over value: "Максимум" beside "101 641,64 $" does not fit half of a 360 px card.
export const stat = style({ display: 'flex', flexDirection: 'column', minWidth: 0, fontSize: vars.text.small });

export const statValue = style({
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 600,
  overflowWrap: 'anywhere',
});

export const details = style({ fontSize: vars.text.small });

export const summary = style({
  color: vars.color.accent,
  fontWeight: 600,
  cursor: 'pointer',
  minHeight: 32,
  display: 'flex',
  alignItems: 'center',
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
  marginTop: vars.space.xs,
});

export const cell = style({
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'start',
});

export const numberCell = style([cell, { textAlign: 'end' }]);

export const caption = style({ textAlign: 'start', color: vars.color.mutedText, paddingBottom: vars.space.xs });
