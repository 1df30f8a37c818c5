import { createThemeContract } from '@vanilla-extract/css';

/** Colour roles of spec §9; components read only these variables, never raw colours. */
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    primary: null,
    buttonText: null,
    /** Spec §9's secondary colour: only for large text (≥ 24 px, or ≥ 19 px bold). */
    secondaryText: null,
    /** Labels and small helper text: the secondary role at ≥ 4.5:1 on background and surface. */
    mutedText: null,
    toastText: null,
    toastBackground: null,
    border: null,
    accent: null,
    error: null,
    success: null,
    /** Small text in the error / success colour (amounts, statuses) at ≥ 4.5:1 on background and surface. */
    errorText: null,
    successText: null,
    badge: null,
  },
  space: { xs: null, sm: null, md: null, lg: null, xl: null },
  radius: { sm: null, md: null, lg: null, pill: null },
  /** Type scale in px; see ARCHITECTURE.md, "Visual guide". */
  text: { caption: null, small: null, body: null, title: null, heading: null, display: null },
  font: { body: null },
});
