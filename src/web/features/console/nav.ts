import type { ConsoleSection } from '../../../shared/console-access';
import type { Resources } from '../../i18n/namespaces';
import type { KeyOf } from '../../i18n/translator';
import { consolePaths } from './paths';

/**
 * The console's navigation registry: one entry per section, in order. An entry shows when the
 * signed-in user's scopes allow its section (shared/console-access.ts, checked on the server; the
 * server refuses the section's calls anyway). Another part of the console adds its entry here.
 */
export interface ConsoleNavItem {
  path: string;
  /** Key in the `console` catalogue. */
  labelKey: KeyOf<Resources['console']>;
  /** The scope check: the section whose access rule decides. */
  section: ConsoleSection;
  /** Matches only this path exactly (the dashboard at the console's root). */
  end?: boolean;
}

export const CONSOLE_NAV: ConsoleNavItem[] = [
  { path: consolePaths.home, labelKey: 'nav.dashboard', section: 'dashboard', end: true },
  { path: consolePaths.campaigns, labelKey: 'nav.campaigns', section: 'campaigns' },
  { path: consolePaths.analytics, labelKey: 'nav.analytics', section: 'analytics' },
  { path: consolePaths.claims, labelKey: 'nav.claims', section: 'campaigns' },
  { path: consolePaths.giftCodes, labelKey: 'nav.giftCodes', section: 'campaigns' },
  { path: consolePaths.moderation, labelKey: 'nav.moderation', section: 'content' },
  { path: consolePaths.people, labelKey: 'nav.people', section: 'people' },
  // The Mall, Content and Venues sections, then the audit log.
  { path: consolePaths.mall, labelKey: 'nav.mall', section: 'mall' },
  { path: consolePaths.content, labelKey: 'nav.content', section: 'content' },
  { path: consolePaths.venues, labelKey: 'nav.venues', section: 'venues' },
  { path: consolePaths.audit, labelKey: 'nav.audit', section: 'audit' },
];

/** The entries a user with these sections sees. */
export const navFor = (sections: readonly ConsoleSection[]) => CONSOLE_NAV.filter((i) => sections.includes(i.section));
