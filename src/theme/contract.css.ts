import { createThemeContract } from '@vanilla-extract/css';

/** Colour roles of spec §9; components read only these variables, never raw colours. */
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    primary: null,
    buttonText: null,
    secondaryText: null,
    toastText: null,
    toastBackground: null,
    border: null,
    accent: null,
    error: null,
    success: null,
    badge: null,
  },
  space: { xs: null, sm: null, md: null, lg: null, xl: null },
  radius: { sm: null, md: null, lg: null, pill: null },
  font: { body: null },
});
