import { createTheme } from '@mui/material/styles';

/** Below the md breakpoint (768 px) the screen is a phone's: every control a thumb taps is at least 44 px each way. */
const PHONE = '@media (max-width:767.95px)';
const TAP = { [PHONE]: { minHeight: 44, minWidth: 44 } };

export const theme = createTheme({
  // text on a coloured fill (chips, buttons) takes white only where it reads at 4.5:1 (WCAG AA), else black
  palette: { primary: { main: '#2e6b30' }, secondary: { main: '#c58b1b' }, contrastThreshold: 4.5 },
  breakpoints: { values: { xs: 0, sm: 450, md: 768, lg: 1200, xl: 1536 } },
  components: {
    MuiButton: { styleOverrides: { root: TAP } },
    MuiIconButton: { styleOverrides: { root: TAP } },
    MuiToggleButton: { styleOverrides: { root: TAP } },
    MuiCheckbox: { styleOverrides: { root: { [PHONE]: { padding: 10 } } } },
    MuiRadio: { styleOverrides: { root: { [PHONE]: { padding: 10 } } } },
    // a link standing on its own (Back, a certificate's number) is a control too; one inside a sentence is not touched
    MuiLink: {
      styleOverrides: {
        root: {
          [PHONE]: {
            '&:only-child, &[data-tap], &.MuiLink-button, .MuiStack-root > &': { display: 'inline-flex', alignItems: 'center', minHeight: 44, minWidth: 44 },
          },
        },
      },
    },
  },
});
