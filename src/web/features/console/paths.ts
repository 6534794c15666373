/** The console's pages (route helpers: the console links through these, never string literals). */
export const consolePaths = {
  home: '/admin',
  campaigns: '/admin/campaigns',
  campaign: (id: number | string) => `/admin/campaigns/${id}`,
  newRaffle: '/admin/campaigns/new',
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
