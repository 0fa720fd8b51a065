import { createTheme } from '@mantine/core';

/** The pips look: indigo, softly rounded, system fonts. Breakpoints follow SPEC §9. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '700' },
  breakpoints: { xs: '30em', sm: '40em', md: '48em', lg: '64em', xl: '80em' },
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});

/** The colour of the browser chrome; matches index.html and the web manifest. */
export const themeColor = '#4263eb';
