/**
 * The venue pages. Which venues exist, and what they show, is configured per slug on
 * the server (`venues` table); the route table is static, so the paths each spec venue has are
 * listed here: hx08 (the resin venue) has no laboratory or staff page and its WeChat entry is
 * `/wechat-resin/…`.
 */
export const SPEC_VENUES = [
  { slug: 'cd16', wechat: 'cd16', laboratory: true, admin: true },
  { slug: 'tct', wechat: 'tct', laboratory: true, admin: true },
  { slug: 'sz12', wechat: 'sz12', laboratory: true, admin: true },
  { slug: 'hx08', wechat: 'resin', laboratory: false, admin: false },
] as const;

export const WECHAT_ENVS = ['dev', 'pro'] as const;
export type WechatEnv = (typeof WECHAT_ENVS)[number];

const spec = (slug: string) => SPEC_VENUES.find((v) => v.slug === slug);
export const hasLaboratory = (slug: string) => spec(slug)?.laboratory === true;
export const hasAdmin = (slug: string) => spec(slug)?.admin === true;

export const venuePaths = {
  landing: (slug: string) => `/${slug}`,
  laboratory: (slug: string) => `/${slug}/laboratory`,
  admin: (slug: string, code?: string) => `/${slug}/admin${code ? `?${new URLSearchParams({ code })}` : ''}`,
  offlineStall: (slug?: string) => `/offline-stall${slug ? `?venue=${encodeURIComponent(slug)}` : ''}`,
  scanCode: '/scan-code',
  scanCodeGuide: '/scan-code-guide',
};

/** The venue slug and page of a venue path (`/cd16/admin` → cd16), from the request URL. */
export function slugOfPath(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

/** `/wechat-resin/pro` → { wechatPath: 'resin', env: 'pro' }. */
export function wechatOfPath(pathname: string): { wechatPath: string; env: WechatEnv } | null {
  const [first = '', env = ''] = pathname.split('/').filter(Boolean);
  if (!first.startsWith('wechat-') || !(WECHAT_ENVS as readonly string[]).includes(env)) return null;
  return { wechatPath: first.slice('wechat-'.length), env: env as WechatEnv };
}
