import type accounts from '../../../locales/en/accounts.json';
import type analytics from '../../../locales/en/analytics.json';
import type audit from '../../../locales/en/audit.json';
import type campaignforms from '../../../locales/en/campaignforms.json';
import type campaigns from '../../../locales/en/campaigns.json';
import type catalogue from '../../../locales/en/catalogue.json';
import type collection from '../../../locales/en/collection.json';
import type common from '../../../locales/en/common.json';
import type consoleNs from '../../../locales/en/console.json';
import type content from '../../../locales/en/content.json';
import type delivery from '../../../locales/en/delivery.json';
import type enums from '../../../locales/en/enums.json';
import type errors from '../../../locales/en/errors.json';
import type freeModel from '../../../locales/en/free-model.json';
import type legal from '../../../locales/en/legal.json';
import type lottery from '../../../locales/en/lottery.json';
import type mall from '../../../locales/en/mall.json';
import type modeler from '../../../locales/en/modeler.json';
import type oauth from '../../../locales/en/oauth.json';
import type operations from '../../../locales/en/operations.json';
import type people from '../../../locales/en/people.json';
import type photoScan from '../../../locales/en/photo-scan.json';
import type site from '../../../locales/en/site.json';
import type tools from '../../../locales/en/tools.json';
import type univer from '../../../locales/en/univer.json';
import type venues from '../../../locales/en/venues.json';

/**
 * Catalogue namespaces, one per feature. Keys are typed from the English catalogue (the source
 * of wording); the other three must have every key (checked by tests and `npm run lint`).
 */
export interface Resources {
  common: typeof common;
  errors: typeof errors;
  enums: typeof enums;
  site: typeof site;
  legal: typeof legal;
  accounts: typeof accounts;
  oauth: typeof oauth;
  content: typeof content;
  lottery: typeof lottery;
  /** The other campaign families (check-in, …). */
  campaigns: typeof campaigns;
  /** Collection campaigns (`/collection`). */
  collection: typeof collection;
  /** The university programme's registration. */
  univer: typeof univer;
  /** The free-model funnel. */
  'free-model': typeof freeModel;
  /** Photo modelling: the tutorial and the photo set checker. */
  'photo-scan': typeof photoScan;
  /** The modeler (designers') programme. */
  modeler: typeof modeler;
  /** Venues, the offline stall and QR scanning. */
  venues: typeof venues;
  /** The makers-tools calculators. */
  tools: typeof tools;
  /** The WeChat mall. */
  mall: typeof mall;
  /** Verification-code SMS and e-mails (server only). */
  delivery: typeof delivery;
  /** The staff analytics dashboard. */
  analytics: typeof analytics;
  /** The operator console (`/admin`). */
  console: typeof consoleNs;
  /** The operator console's winners, gift codes and moderation (and visitors' Report action). */
  operations: typeof operations;
  /** The console's People section. */
  people: typeof people;
  /** The console's Mall and Content sections. */
  catalogue: typeof catalogue;
  /** The console's form of each campaign kind. */
  campaignforms: typeof campaignforms;
  /** The console's audit log page. */
  audit: typeof audit;
}
export type Namespace = keyof Resources;
export const NAMESPACES: Namespace[] = [
  'common',
  'errors',
  'enums',
  'site',
  'legal',
  'accounts',
  'oauth',
  'content',
  'lottery',
  'campaigns',
  'collection',
  'univer',
  'free-model',
  'photo-scan',
  'modeler',
  'venues',
  'tools',
  'mall',
  'delivery',
  'analytics',
  'console',
  'operations',
  'people',
  'catalogue',
  'campaignforms',
  'audit',
];
