import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { toastTimings } from '../actors/toast';

/** The pips look: indigo, softly rounded, system fonts. Breakpoints at 30, 40, 48, 64 and 80 em. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '700' },
  breakpoints: { xs: '30em', sm: '40em', md: '48em', lg: '64em', xl: '80em' },
  // A member who asks for reduced motion gets none: Mantine's transitions (dialogs, the archive
  // drawer, menus) open at once; app.css stops every CSS transition and animation too.
  respectReducedMotion: true,
  // Every focusable element shows the 2 px ring when focused from the keyboard (app.css draws it
  // on elements Mantine leaves without one: cards that are links, text fields).
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    // The show/hide button is reached with Tab like any other button (Mantine skips it by default).
    PasswordInput: { defaultProps: { size: 'md', visibilityToggleFocusable: true } },
    // Every field of a form the same height as the text fields and the buttons beside them.
    NumberInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    FileInput: { defaultProps: { size: 'md' } },
    Textarea: { defaultProps: { size: 'md' } },
    // Modals close with a 300 ms fade.
    // A dialog's title reads as its heading (Mantine draws it in regular weight).
    Modal: {
      defaultProps: { transitionProps: { transition: 'fade', duration: toastTimings.closeMs } },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    // A dialog's or the drawer's header is a plain box: Mantine draws a <header>, which outside
    // the page's <main> is a second banner landmark beside the top bar's (axe
    // landmark-no-duplicate-banner).
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/** The colour of the browser chrome; matches index.html and the web manifest. */
export const themeColor = '#4263eb';

/**
 * Mantine's dimmed text (gray 6) and error text (red 6) read at about 3:1 on the page
 * background; gray 7 and red 9 keep their look and meet WCAG AA contrast (axe-core, issue 3).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
