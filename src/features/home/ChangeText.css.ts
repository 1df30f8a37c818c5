import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const visible = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontVariantNumeric: 'tabular-nums',
});

export const tone = styleVariants({
  up: { color: vars.color.successText, fontWeight: 600 },
  down: { color: vars.color.errorText, fontWeight: 600 },
  flat: { color: vars.color.mutedText, fontWeight: 600 },
});

export const period = style({ color: vars.color.mutedText, fontWeight: 400 });

// Drawn arrows rather than icons: Home's first load is at its budget (npm run size). Inside the
// aria-hidden part, so the sentence alone is spoken.
const arrowBase = style({ fontSize: '0.75em' });
export const arrow = styleVariants({ up: '▲', down: '▼', flat: '–' }, (glyph) => [
  arrowBase,
  { selectors: { '&::before': { content: `"${glyph}"` } } },
]);
