// The Mantine theme; brand-specific colours come from the brand style class in styles.css.
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white-on-blue buttons and blue links at WCAG AA contrast (4.5:1); shade 6 does not.
  primaryShade: 8,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  cursorType: 'pointer',
  // Menus, dialogs and notes appear at once for people who ask their system for less motion.
  respectReducedMotion: true,
});
