import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: 52,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: 'none',
  fontWeight: 600,
  fontSize: 16,
  cursor: 'pointer',
  // Links styled as buttons (router <Link>) must not look like inline links.
  textDecoration: 'none',
  transition: 'opacity 150ms',
  selectors: {
    '&:disabled': { opacity: 0.4, cursor: 'not-allowed' },
    '&[aria-busy="true"]': { cursor: 'progress' },
  },
});

export const variant = styleVariants({
  primary: [base, { background: vars.color.primary, color: vars.color.buttonText }],
  secondary: [base, { background: vars.color.surface, color: vars.color.primary }],
  ghost: [base, { background: 'transparent', color: vars.color.accent, minHeight: 40 }],
});
