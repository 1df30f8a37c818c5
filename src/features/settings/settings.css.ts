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
