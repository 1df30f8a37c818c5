import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';


export const hint = style({ color: vars.color.mutedText, margin: 0, minHeight: '1.5em', lineHeight: 1.5 });

export const error = style({ color: vars.color.errorText, margin: 0, minHeight: '1.5em', lineHeight: 1.5 });

export const countdown = style({ fontSize: 28, fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
