import type { PostCard, TimelapseCard, UserCard } from './content';
import type { RaffleLook } from './lottery';
import type { TCampaignKind } from './lottery-admin';

/** A model card on the home page: picture, title, maker and counts. */
export interface LandingModel {
  id: string;
  title: string;
  imageUrl: string | null;
  author: UserCard;
  counts: { likes: number; downloads: number; comments: number };
}

/** A campaign running now, in the reader's language; its page follows from kind and look. */
export interface LandingCampaign {
  id: string;
  kind: TCampaignKind;
  look: RaffleLook | null;
  title: string;
  startsAt: number;
  endsAt: number;
}

/** What the home page lists (each list empty when there is nothing: no made-up cards). */
export interface LandingData {
  campaigns: LandingCampaign[];
  featured: LandingModel[];
  latest: LandingModel[];
  posts: PostCard[];
  timelapses: TimelapseCard[];
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
