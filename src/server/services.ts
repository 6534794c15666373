import type { FreeModelFiles } from '../shared/api/free-model';
import { ANALYTICS_COLLECT_PATH } from '../shared/api/routes-analytics';
import type { PublicConfig } from '../shared/api/site';
import type { AccountsService } from './accounts/service';
import { createCampaigns } from './campaign-kinds';
import type { CampaignPages } from './campaigns/pages';
import type { Config } from './config';
import { type ConsoleService, createConsoleService } from './console/service';
import { type ContentService, createContentService } from './content/service';
import { createDiskStorage } from './content/storage';
import type { Db } from './db/database';
import { createDocsService, type DocsService } from './docs/service';
import { freeModelFiles } from './free-model/service';
import { AppError } from './http/app-error';
import { PageCache } from './http/page-cache';
import { bundle, translate } from './i18n/catalogues';
import { raffleDocFigures } from './lottery/doc-figures';
import type { Mall } from './mall/service';
import { createModelerService, type ModelerService } from './modeler/service';
import { qrSvg, sameSiteUrl } from './site/qr';
import { createSiteService, type SiteService } from './site/service';
import { createVenuesService, type VenuesService } from './venues/service';

/**
 * What API handlers reach as `app.services`: the domains' services, built once per app. Each
 * domain adds its service here. The raw database and the domains' inner modules are not in it
 * (`app.db`, `app.modules`); page loaders get a read-only part of it (page-services.ts).
 */
export interface Services {
  config: PublicConfig;
  i18n: { bundle: typeof bundle; translate: typeof translate };
  docs: DocsService;
  site: SiteService;
  qr: { svg: typeof qrSvg; sameSiteUrl: typeof sameSiteUrl };
  /** Rendered anonymous pages; domains call `clear()` when content they show changes. */
  pageCache: PageCache;
  accounts: AccountsService;
  content: ContentService;
  /** Every campaign kind's pages (the raffle's name, kept for the loaders). */
  lottery: CampaignPages;
  /** The free-model funnel's download step: a free model and its files, or null (unknown, paid, deleted). */
  freeModel: { files(modelId: number): Promise<FreeModelFiles | null> };
  venues: VenuesService;
  modeler: ModelerService;
  /** The WeChat mall (with its staff side, used by the API and the order job). */
  mall: Mall;
  /** The operator console's own reads (its dashboard). */
  console: ConsoleService;
}

export function createServices(config: Config, deps: { db: Db; accounts: AccountsService; mall: Mall }): Services {
  const { db, accounts, mall } = deps;
  const content = createContentService(db.kysely, createDiskStorage(config.FILES_DIR));
  const lottery = createCampaigns(db);
  return {
    config: publicConfig(config),
    i18n: { bundle, translate },
    docs: createDocsService({ supportEmail: config.SUPPORT_EMAIL, figures: () => raffleDocFigures(db, lottery) }),
    site: createSiteService({ content, lottery }),
    qr: { svg: qrSvg, sameSiteUrl },
    pageCache: new PageCache(config.PAGE_CACHE_SECONDS, 500, Date.now, config.PAGE_CACHE_MAX_MB * 1024 * 1024),
    accounts,
    content,
    lottery,
    freeModel: { files: (modelId) => freeModelFiles(db.kysely, modelId).catch(nullWhenRefused) },
    venues: createVenuesService({ db: db.kysely, transaction: (fn) => db.transaction(fn), accounts, content, lottery }),
    modeler: createModelerService(db, content.storage),
    mall,
    console: createConsoleService(db),
  };
}

/** A refusal (not found, not free) read as "no such page"; anything else is a real failure. */
const nullWhenRefused = (err: unknown) => {
  if (err instanceof AppError) return null;
  throw err;
};

export function publicConfig(c: Config): PublicConfig {
  return {
    edition: c.EDITION,
    ...(c.PUBLIC_URL ? { publicUrl: c.PUBLIC_URL.replace(/\/$/, '') } : {}),
    makersToolsUrl: c.MAKERS_TOOLS_URL.replace(/\/$/, ''),
    supportEmail: c.SUPPORT_EMAIL,
    timeZone: c.SITE_TIME_ZONE,
    ...(c.WECHAT_WEB_CLIENT_ID ? { wechatLogin: c.WECHAT_WEB_CLIENT_ID } : {}),
    appLinks: { ios: c.IOS_APP_URL, android: c.ANDROID_APP_URL, ...(c.ANDROID_APK_URL ? { apk: c.ANDROID_APK_URL } : {}) },
    analytics: {
      serverUrl: c.ANALYTICS_SERVER_URL ?? ANALYTICS_COLLECT_PATH,
      sendType: c.ANALYTICS_SEND_TYPE,
      batch: c.ANALYTICS_BATCH,
      testOverride: !c.isProduction,
    },
  };
}
