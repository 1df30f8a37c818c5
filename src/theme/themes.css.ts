import { createTheme } from '@vanilla-extract/css';
import { vars } from './contract.css';

const shared = {
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px' },
  radius: { sm: '8px', md: '12px', lg: '16px', pill: '999px' },
  font: { body: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
};

export const darkTheme = createTheme(vars, {
  color: {
    background: '#202025',
    surface: '#2C2C33',
    primary: '#FFF',
    buttonText: '#202025',
    secondaryText: '#B6B6D0',
    toastText: '#202025',
    toastBackground: '#FFF',
    border: '#3A3A44',
    accent: '#7B8CFF',
    error: '#FF6B6B',
    success: '#4CD787',
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
    toastText: '#FFF',
    toastBackground: '#202025',
    border: '#E2E2EA',
    accent: '#4B5BDB',
    error: '#D93636',
    success: '#1E9E5A',
    badge: '#4B5BDB',
  },
  ...shared,
});
