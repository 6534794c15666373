import type { Db, Tx } from '../db/database';
import type { CampaignKind } from './campaign';
import type { KindPages } from './pages';

/**
 * What earned something in a campaign, named by its source's key: a check-in paid
 * (`checkin:<check-in campaign>:<day>`), a draw (`draw:<draw id>`), a friend bound to the
 * inviter (`invite:<invite id>`). A listener keys what it writes by it, so a replayed event
 * writes nothing twice.
 */
export type EarnSource = `checkin:${number}:${string}` | `draw:${number}` | `invite:${number}`;

/** What staff changed on an account, after it committed. */
export interface AccountChange {
  userId: number;
  /** The level or the standing (active, blocked…) changed. */
  levelOrStanding: boolean;
  /** The premium expiry changed. */
  premium: boolean;
}

/**
 * What a kind's module hears from the core and from other domains. The core calls these; no
 * domain imports another kind's code to reach it.
 */
export interface CampaignHooks {
  /**
   * In the transaction of the event that earned something (a check-in, a draw, a bound friend):
   * what the listener writes commits or rolls back with the event.
   */
  earned?(db: Db, trx: Tx, userId: number, source: EarnSource, now: number): Promise<void>;
  /**
   * Whether `earned` may write anything at `now` (a kind without it is taken to always listen):
   * an event that knows no listener will write lets its whole transaction be one statement.
   */
  earnsNow?(db: Db, now: number): Promise<boolean>;
  /** After staff changed an account (level, standing, premium). */
  accountChanged?(db: Db, change: AccountChange, now: number): Promise<void>;
  /** After a campaign (of any kind) was created or changed, on the instance that changed it. */
  campaignChanged?(db: Db, campaignId: number): void;
}

/**
 * One campaign kind's module: its name, the pages it answers for its own kind, and the hooks it
 * listens to. Every module is handed to `installCampaignKinds` by the composition root.
 */
export interface CampaignKindModule<K extends CampaignKind = CampaignKind, P extends Partial<KindPages> = Partial<KindPages>> {
  kind: K;
  /** The loaders' reads of this kind's pages (merged into `CampaignPages`). */
  pages(db: Db): P;
  hooks?: CampaignHooks;
}

/**
 * The kinds in use, by name: installing a module again replaces it, so building the app twice
 * in one process (tests) never calls a hook twice.
 */
const installed = new Map<CampaignKind, CampaignHooks>();

export function installCampaignKinds(modules: readonly CampaignKindModule<CampaignKind, object>[]): void {
  for (const m of modules) installed.set(m.kind, m.hooks ?? {});
}

/** Tells every kind that something was earned, in the earning transaction. */
export async function earned(db: Db, trx: Tx, userId: number, source: EarnSource, now: number): Promise<void> {
  for (const hooks of installed.values()) await hooks.earned?.(db, trx, userId, source, now);
}

/** Whether any kind listens to `earned` at `now`. */
export async function earnsNow(db: Db, now: number): Promise<boolean> {
  for (const hooks of installed.values()) {
    if (hooks.earned && (!hooks.earnsNow || (await hooks.earnsNow(db, now)))) return true;
  }
  return false;
}

/** Tells every kind that staff changed an account. */
export async function accountChanged(db: Db, change: AccountChange, now = Date.now()): Promise<void> {
  for (const hooks of installed.values()) await hooks.accountChanged?.(db, change, now);
}

/** Tells every kind that a campaign was created or changed (after the commit). */
export function campaignChanged(db: Db, campaignId: number): void {
  for (const hooks of installed.values()) hooks.campaignChanged?.(db, campaignId);
}
