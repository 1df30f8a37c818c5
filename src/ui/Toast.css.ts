import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { TOAST_FADE_MS } from '../../machines/toast.machine';

/**
 * Anchored at the top, under the safe area: the bottom is where the action area and the keypad are, and a
 * toast must never cover the control that caused it ("Address copied" over Copy, a refusal over Log in).
 */
export const region = style({
  position: 'fixed',
  left: 0,
  right: 0,
  top: `calc(${vars.space.sm} + var(--safe-top, 0px))`,
  display: 'flex',
  justifyContent: 'center',
  pointerEvents: 'none',
  zIndex: 50,
});

const base = style({
  maxWidth: 300,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.toastText,
  fontSize: 14,
  lineHeight: 1.4,
  boxShadow: '0 4px 16px rgba(0, 0, 0, 0.25)',
  transition: `opacity ${TOAST_FADE_MS}ms ease-out`,
  pointerEvents: 'auto',
});

export const kind = styleVariants({
  success: [base, { background: vars.color.toastBackground, borderLeft: `4px solid ${vars.color.success}` }],
  error: [base, { background: vars.color.error, color: vars.color.buttonText }],
});

export const fading = style({ opacity: 0 });
