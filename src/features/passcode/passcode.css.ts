import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const hint = style({ color: vars.color.mutedText, margin: 0, minHeight: '1.5em', lineHeight: 1.5 });

export const error = style({ color: vars.color.errorText, margin: 0, minHeight: '1.5em', lineHeight: 1.5 });

export const countdown = style({ fontSize: 28, fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

export const holdNotice = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
});

export const holdIcon = style({ flexShrink: 0, color: vars.color.primary });

export const holdText = style({ margin: 0, lineHeight: 1.5, fontSize: vars.text.small, overflowWrap: 'anywhere' });
