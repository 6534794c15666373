/** The console's pages (route helpers: the console links through these, never string literals). */
export const consolePaths = {
  home: '/admin',
  campaigns: '/admin/campaigns',
  campaign: (id: number | string) => `/admin/campaigns/${id}`,
  /** A new campaign of a kind; a blind box is a raffle with the box look. */
  newCampaign: (kind: string, look?: string) => `/admin/campaigns/new?kind=${kind}${look ? `&look=${look}` : ''}`,
  duplicate: (id: number | string) => `/admin/campaigns/new?from=${id}`,
  preview: (id: number | string) => `/admin/campaigns/${id}/preview`,
  analytics: '/admin/analytics',
  audit: '/admin/audit',
  claims: '/admin/claims',
  giftCodes: '/admin/gift-codes',
  moderation: '/admin/moderation',
  people: '/admin/people',
  person: (id: number | string) => `/admin/people/${id}`,
  // The Mall and Content sections.
  mall: '/admin/mall',
  newProduct: '/admin/mall/products/new',
  product: (id: number | string) => `/admin/mall/products/${id}`,
  mallOrders: '/admin/mall/orders',
  mallOrder: (orderNo: string) => `/admin/mall/orders/${orderNo}`,
  content: '/admin/content',
  // The Venues section.
  venues: '/admin/venues',
  venue: (slug: string) => `/admin/venues/${slug}`,
} as const;

/** The visitor's page of a campaign (what the console's preview frames). */
export function visitorPath(kind: string, id: number, look?: unknown): string {
  switch (kind) {
    case 'checkin':
      return `/webview/check-in?activityId=${id}`;
    case 'giftcode':
    case 'newcomer':
      return `/gift-pack?activityId=${id}`;
    case 'invite':
      return `/invite-friends?activityId=${id}`;
    case 'collection':
      return `/collection?activityId=${id}`;
    default:
      return look === 'box'
        ? `/blind-box?activeId=${id}`
        : look === 'planet'
          ? `/happy-planet?activeId=${id}`
          : `/activitys?activeId=${id}`;
  }
}
