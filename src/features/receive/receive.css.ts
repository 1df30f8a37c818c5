import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** The payment link: long, so it wraps anywhere; monospace like addresses. */
export const link = style({
  margin: 0,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.text.small,
  overflowWrap: 'anywhere',
  userSelect: 'all',
});
