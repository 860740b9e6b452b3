import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: { primary: { main: '#2e6b30' }, secondary: { main: '#c58b1b' } },
  breakpoints: { values: { xs: 0, sm: 450, md: 768, lg: 1200, xl: 1536 } },
});
