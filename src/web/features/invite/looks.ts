/**
 * The referral campaign's versions (ARCHITECTURE: numbered and themed routes are looks of one
 * engine): the same invite-friends campaign shown as "invite friends" (`/invite-friends*`),
 * "invite with gifts" (`/invite-politely/*`, its friends land on a gift page) or the Dragon Boat
 * festival event (`/dragon-*`). A look only decides paths and styling; rules are the campaign's.
 */
export type InviteLook = 'friends' | 'politely' | 'dragon';

const q = (params: Record<string, string | undefined>) => {
  const s = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1])).toString();
  return s ? `?${s}` : '';
};

export interface LookPaths {
  /** The referrer's campaign page. */
  page(id: string): string;
  rules(id: string): string;
  record(id: string): string;
  /** Where a friend's invite link lands (with the referrer in `inviter`). */
  invitee(id: string, inviter?: string): string;
}

export const LOOKS: Record<InviteLook, LookPaths> = {
  friends: {
    page: (id) => `/invite-friends${q({ activityId: id })}`,
    rules: (id) => `/invite-rules${q({ activityId: id })}`,
    record: (id) => `/invite-record/${id}`,
    invitee: (id, inviter) => `/invite-friends${q({ activityId: id, inviter })}`,
  },
  politely: {
    page: (id) => `/invite-politely/${id}`,
    // The spec's two rules pages with fixed ids: 1 the referrer's rules, 2 the invited friend's.
    rules: (id) => `/invite-politely/rules/1${q({ activityId: id })}`,
    record: (id) => `/invite-politely/record/${id}`,
    invitee: (id, inviter) => `/invite-politely/gift${q({ activityId: id, inviter })}`,
  },
  dragon: {
    page: (id) => `/dragon-activities${q({ activityId: id })}`,
    rules: (id) => `/dragon-rules${q({ activityId: id })}`,
    record: (id) => `/dragon-record/${id}`,
    invitee: (id, inviter) => `/dragon-invitee${q({ activityId: id, inviter })}`,
  },
};

/** The friend's rules of the "invite with gifts" look (the second fixed-id rules page). */
export const POLITELY_INVITEE_RULES = '/invite-politely/rules/2';

/** The look a path belongs to. */
export function lookOf(pathname: string): InviteLook {
  if (pathname.startsWith('/invite-politely')) return 'politely';
  if (pathname.startsWith('/dragon-')) return 'dragon';
  return 'friends';
}
