import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', { margin: 0, padding: 0, minHeight: '100%' });
globalStyle('body', {
  fontFamily: vars.font.body,
  background: vars.color.background,
  color: vars.color.primary,
  WebkitFontSmoothing: 'antialiased',
  WebkitTapHighlightColor: 'transparent',
});
// Form controls otherwise take the system font (the address-book network select did).
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 });
