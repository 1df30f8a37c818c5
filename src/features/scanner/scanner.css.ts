import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 30,
  background: '#000',
  color: '#fff',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
});
export const video = style({ width: '100%', maxWidth: 540, maxHeight: '70dvh', objectFit: 'cover' });
export const frame = style({
  position: 'absolute',
  top: '50%',
  left: '50%',
  width: 'min(66vw, 360px)',
  aspectRatio: '1',
  transform: 'translate(-50%, -50%)',
  border: '3px solid rgba(255,255,255,0.85)',
  borderRadius: vars.radius.lg,
  pointerEvents: 'none',
});
export const bar = style({
  position: 'absolute',
  bottom: 'calc(var(--safe-bottom, 0px) + 24px)',
  display: 'flex',
  gap: vars.space.sm,
});
export const control = style({
  minHeight: 44,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: '1px solid rgba(255,255,255,0.6)',
  background: 'rgba(0,0,0,0.5)',
  color: '#fff',
  fontSize: 15,
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
});
export const hint = style({
  position: 'absolute',
  top: 'calc(var(--safe-top, 0px) + 24px)',
  margin: 0,
  textAlign: 'center',
  padding: `0 ${vars.space.md}`,
});
export const hiddenInput = style({ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' });
