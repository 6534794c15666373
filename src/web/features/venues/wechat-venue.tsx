import { data } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { WechatEntry } from '../accounts/wechat-entry';
import type { Route } from './+types/wechat-venue';
import { venueBase, venueMissing } from './venue-loader';
import { VenueNotFound } from './venue-not-found';
import { venuePaths, wechatOfPath } from './venue-paths';

/**
 * A venue's WeChat entry (`/wechat-<venue>/dev|pro`, hx08's is `/wechat-resin/…`): the link its
 * official account's menu opens, one per environment. Inside WeChat it finishes WeChat web
 * sign-in with the client configured for that venue and environment (else the site's WeChat
 * client), then returns to the venue page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = venueBase(request, context);
  const where = wechatOfPath(base.url.pathname);
  const found = where ? await context.services.venues.wechat(where.wechatPath, base.locale) : null;
  if (!where || !found) return venueMissing(base);
  const clientId = found.clients[where.env] ?? context.services.config.wechatLogin;
  return data({
    i18n: base.i18n,
    page: { slug: found.venue.slug, name: found.venue.name, clientId },
    head: { title: found.venue.name, description: base.t('venues', 'wechat.text'), canonical: base.canonical, noindex: true },
  });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function WechatVenue({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('venues');
  const { page } = loaderData;
  if (!page) return <VenueNotFound />;
  return (
    <WechatEntry
      target={venuePaths.landing(page.slug)}
      clientId={page.clientId}
      title={page.name}
      text={t('wechat.text')}
      continueLabel={t('wechat.continue')}
    />
  );
}
