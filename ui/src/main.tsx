import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage, warmPage } from './app/AppRoutes';
import { warmSession } from './app/auth';

// A cold start asks at once who is signed in and loads the page's script; as soon as the session is
// known, the page's first data too. React's first render and effects then find the answers on the way.
const session = warmSession();
preloadPage(window.location.pathname);
void session.then((user) => user && warmPage(window.location, user));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
