/**
 * What the landing page shows besides the platform presentation. The content and campaign domains
 * register providers that fill these lists from their data; with none registered, the sections
 * are not shown (no made-up cards).
 */
export interface LandingCard {
  id: string;
  title: string;
  imageUrl: string;
  href: string;
  /** A short line under the title: author, dates, state. */
  caption?: string;
}

export interface LandingData {
  featured: LandingCard[];
  campaigns: LandingCard[];
}

/** The configuration pages may see (never secrets): it is serialised into loader data. */
export interface PublicConfig {
  edition: 'intl' | 'cn';
  publicUrl?: string;
  makersToolsUrl: string;
  supportEmail: string;
  /** The zone of the business's own dates (orders, contests), an IANA name. */
  timeZone: string;
  appLinks: { ios: string; android: string; apk?: string };
  /** The WeChat client id the login sheet uses inside WeChat, when configured. */
  wechatLogin?: string;
  /** How the analytics SDK sends (docs/analytics.md). */
  analytics: AnalyticsClientConfig;
}

export interface AnalyticsClientConfig {
  /** The collector; a path is on this site. */
  serverUrl: string;
  sendType: 'image' | 'ajax' | 'beacon';
  batch: boolean;
  /** Outside production a page may pick the send mode with `?analytics_send=` (browser tests). */
  testOverride: boolean;
}
