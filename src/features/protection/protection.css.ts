import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const success = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.md, textAlign: 'center', flex: 1, justifyContent: 'center' });

export const check = style({
  width: 72,
  height: 72,
  borderRadius: vars.radius.pill,
  display: 'grid',
  placeItems: 'center',
  background: vars.color.success,
  color: vars.color.buttonText,
  fontSize: 36,
});
