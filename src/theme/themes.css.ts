import { createTheme } from '@vanilla-extract/css';
import { vars } from './contract.css';

const shared = {
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px' },
  radius: { sm: '8px', md: '12px', lg: '16px', pill: '999px' },
  text: { caption: '13px', small: '14px', body: '16px', title: '18px', heading: '22px', display: '34px' },
  font: { body: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
};

export const darkTheme = createTheme(vars, {
  color: {
    background: '#202025',
    surface: '#2C2C33',
    primary: '#FFF',
    buttonText: '#202025',
    secondaryText: '#B6B6D0',
    mutedText: '#B6B6D0',
    toastText: '#202025',
    toastBackground: '#FFF',
    border: '#3A3A44',
    accent: '#7B8CFF',
    error: '#FF6B6B',
    success: '#4CD787',
    errorText: '#FF6B6B',
    successText: '#4CD787',
    badge: '#7B8CFF',
  },
  ...shared,
});

export const lightTheme = createTheme(vars, {
  color: {
    background: '#FFF',
    surface: '#F3F3F7',
    primary: '#202025',
    buttonText: '#FFF',
    secondaryText: '#77779A',
    // #77779A is 4.29:1 on #FFF and 3.88:1 on #F3F3F7; this is 5.48:1 and 4.95:1.
    mutedText: '#66668A',
    toastText: '#FFF',
    toastBackground: '#202025',
    border: '#E2E2EA',
    accent: '#4B5BDB',
    error: '#D93636',
    success: '#1E9E5A',
    // #D93636 is 4.19:1 on #F3F3F7 and #1E9E5A 3.45:1 on #FFF; these pass on both (5.81/5.25, 5.39/4.87).
    errorText: '#BF2C2C',
    successText: '#137A45',
    badge: '#4B5BDB',
  },
  ...shared,
});
