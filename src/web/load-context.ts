/**
 * What route loaders receive from the server (src/server/app.ts): the domains' services, the
 * parsed header context and the CSP nonce. The one place where web code names server types, as
 * types only: loaders run on the server and call services directly.
 */

import type { Services } from '../server/services';
import type { HeaderContext } from '../shared/context';

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    ctx: HeaderContext;
    cspNonce: string;
  }
}
