import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { stopEarlyTaps } from './early-taps';
import { rememberOuterLink } from './outer-link';

// On start-up a `c` or `channel` query parameter is kept as outer-link info.
rememberOuterLink(window.location, window.sessionStorage);

// Taps made while the code was loading are held by the page's inline script; React takes over now.
stopEarlyTaps();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
