import type { Services } from './services';

/**
 * What route loaders receive as `context.services`: the reads each domain lets a page make.
 * Loaders render pages; every change goes through the API, whose handlers check CSRF, rate
 * limits and roles, so a loader gets no database, no module and no method that writes.
 */
export type PageServices = ReturnType<typeof pageServices>;

export function pageServices(s: Services) {
  return Object.freeze({
    config: s.config,
    i18n: s.i18n,
    qr: s.qr,
    freeModel: s.freeModel,
    accounts: only(s.accounts, ['authenticate', 'me', 'rolesOf']),
    console: only(s.console, ['campaign', 'campaigns', 'dashboard']),
    content: only(s.content, [
      'circle',
      'circles',
      'comments',
      'model',
      'models',
      'post',
      'posts',
      'profile',
      'slice',
      'timelapse',
      'timelapses',
      'topic',
    ]),
    docs: only(s.docs, ['render']),
    lottery: only(s.lottery, ['checkinPage', 'collectionPage', 'currentRaffleId', 'giftCodePage', 'invitePage', 'newcomerPage', 'page']),
    mall: only(s.mall, ['product', 'products']),
    /** The console's Mall pages: staff reads only (the loaders check the `mall` scope first). */
    mallAdmin: only(s.mall.admin, ['order', 'orders', 'products']),
    modeler: only(s.modeler, ['contest', 'request', 'requests']),
    site: only(s.site, ['landing']),
    venues: only(s.venues, ['laboratory', 'landing', 'view', 'wechat']),
    /** The console's Venues pages: set-up reads (the loaders check the venue's scope first). */
    venuesAdmin: only(s.venues, ['get', 'list']),
  });
}

/** The listed members of one service, methods bound to it; nothing else of it is reachable. */
function only<T extends object, K extends keyof T>(service: T, keys: readonly K[]): Readonly<Pick<T, K>> {
  const out = {} as Pick<T, K>;
  for (const key of keys) {
    const value = service[key];
    out[key] = (typeof value === 'function' ? value.bind(service) : value) as T[K];
  }
  return Object.freeze(out);
}
