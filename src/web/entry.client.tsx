import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { rememberOuterLink } from './outer-link';

// Spec §2: on start-up a `c` or `channel` query parameter is kept as outer-link info.
rememberOuterLink(window.location, window.sessionStorage);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
