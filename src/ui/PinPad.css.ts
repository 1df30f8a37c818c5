import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/**
 * The pad takes the free height above it (`marginTop: auto` in the screen's column), so the keys sit at
 * the bottom, in the thumb zone, whatever the screen puts above them.
 */
export const pad = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.lg,
  width: '100%',
  marginTop: 'auto',
});

export const dots = style({ display: 'flex', gap: vars.space.md, justifyContent: 'center', minHeight: 16 });

export const dot = style({
  width: 14,
  height: 14,
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.secondaryText}`,
  selectors: { '&[data-filled="true"]': { background: vars.color.primary, borderColor: vars.color.primary } },
});

/** Spec §1: a PIN pad of 3 columns. */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.sm,
  width: '100%',
  maxWidth: 320,
});

export const key = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 64,
  fontSize: 26,
  fontWeight: 500,
  borderRadius: vars.radius.lg,
  border: 'none',
  background: 'transparent',
  color: vars.color.primary,
  cursor: 'pointer',
  touchAction: 'manipulation',
  selectors: {
    '&:active:not(:disabled)': { background: vars.color.surface },
    '&:disabled': { opacity: 0.35, cursor: 'not-allowed' },
  },
});
