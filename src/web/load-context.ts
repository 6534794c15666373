/**
 * What route loaders receive from the server (src/server/app.ts): the domains' page reads, the
 * parsed header context and the CSP nonce. The one place where web code names server types, as
 * types only: loaders run on the server and call the services' reads directly.
 */

import type { PageServices } from '../server/page-services';
import type { HeaderContext } from '../shared/context';

declare module 'react-router' {
  interface AppLoadContext {
    services: PageServices;
    ctx: HeaderContext;
    cspNonce: string;
  }
}
