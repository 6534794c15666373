/**
 * Who may do what in the operator console, from a user's role grants (`user_roles`: a role and a
 * scope). Pure rules shared by the server (which enforces them on every admin call) and the web
 * (which only hides what the server would refuse).
 *
 * A global admin (`admin` on `*`) may do everything. Staff are limited to their scopes: a whole
 * area (`analytics`, `content`, `mall`, `support`), one campaign (`activity:<id>`) or one venue
 * (`venue:<slug>`). `staff` on `*` is staff of every scope but not an admin (no roles, no audit).
 */
export interface Grant {
  role: string;
  scope: string;
}

/** Parts of the console that are not one campaign or one venue. */
export type ConsoleArea =
  | 'analytics'
  | 'content'
  | 'mall'
  | 'support'
  /** The campaign list and creating campaigns (a campaign itself is a `campaign` item). */
  | 'campaigns'
  | 'venues'
  | 'audit'
  /** Granting and revoking roles. */
  | 'roles'
  /** Finding members and reading their accounts (contacts masked but for support staff). */
  | 'people'
  /** Modeler contests and the other programmes' set-up. */
  | 'programmes';

export type ConsoleItem = { type: 'campaign'; id: number } | { type: 'venue'; slug: string } | { type: 'area'; area: ConsoleArea };

/** `view` reads; `change` writes (and is never wider than `view`). */
export type ConsoleAction = 'view' | 'change';

const STAFF_ROLES = new Set(['staff', 'admin']);
const staffOf = (grants: readonly Grant[], scope: string) =>
  grants.some((g) => STAFF_ROLES.has(g.role) && (g.scope === '*' || g.scope === scope));
const anyScoped = (grants: readonly Grant[], prefix: string) =>
  grants.some((g) => STAFF_ROLES.has(g.role) && (g.scope === '*' || g.scope.startsWith(prefix)));

export const isAdmin = (grants: readonly Grant[]) => grants.some((g) => g.role === 'admin' && g.scope === '*');
/** Anyone with a staff or admin grant gets into the console (and sees only what they may). */
export const isStaff = (grants: readonly Grant[]) => grants.some((g) => STAFF_ROLES.has(g.role));

/** The campaign ids a user is staff of through `activity:<id>` (all campaigns: `all`). */
export function campaignScope(grants: readonly Grant[]): 'all' | number[] {
  if (grants.some((g) => STAFF_ROLES.has(g.role) && g.scope === '*')) return 'all';
  return grants.flatMap((g) => (STAFF_ROLES.has(g.role) && g.scope.startsWith('activity:') ? [Number(g.scope.slice(9))] : []));
}

/** May a user with these grants do `action` on `item`? */
export function may(grants: readonly Grant[], action: ConsoleAction, item: ConsoleItem): boolean {
  if (isAdmin(grants)) return true;
  switch (item.type) {
    case 'campaign':
      return staffOf(grants, `activity:${item.id}`);
    case 'venue':
      return staffOf(grants, `venue:${item.slug}`);
    case 'area':
      switch (item.area) {
        case 'analytics':
        case 'content':
        case 'mall':
        case 'support':
          return staffOf(grants, item.area);
        // Staff of one campaign see the list (of their campaigns only) but create none.
        case 'campaigns':
          return action === 'view' && anyScoped(grants, 'activity:');
        // Any staff member may look a member up (a winner, a buyer); changing one is support's.
        case 'people':
          return action === 'view' ? isStaff(grants) : staffOf(grants, 'support');
        // Venue staff see the list (of their venues only) and edit their venue's texts; creating
        // a venue, and its dates, raffle and samples, stay an admin's.
        case 'venues':
          return action === 'view' && anyScoped(grants, 'venue:');
        case 'audit':
        case 'roles':
        case 'programmes':
          return false;
      }
  }
}

/** What venue staff may change of their own venue (the rest of its set-up is an admin's). */
export const VENUE_STAFF_FIELDS = ['name', 'place'] as const;

/**
 * The console's sections and the item each stands for: a section shows in the navigation when its
 * user may view that item. Another part of the console adds its section here and in the web's
 * navigation registry (web/features/console/nav.ts).
 */
export const CONSOLE_SECTIONS = {
  dashboard: { type: 'area', area: 'analytics' },
  campaigns: { type: 'area', area: 'campaigns' },
  analytics: { type: 'area', area: 'analytics' },
  content: { type: 'area', area: 'content' },
  mall: { type: 'area', area: 'mall' },
  venues: { type: 'area', area: 'venues' },
  people: { type: 'area', area: 'people' },
  audit: { type: 'area', area: 'audit' },
} as const satisfies Record<string, ConsoleItem>;
export type ConsoleSection = keyof typeof CONSOLE_SECTIONS;

/** The sections a user with these grants sees, in navigation order. */
export function consoleSections(grants: readonly Grant[]): ConsoleSection[] {
  return (Object.keys(CONSOLE_SECTIONS) as ConsoleSection[]).filter((s) => may(grants, 'view', CONSOLE_SECTIONS[s]));
}
