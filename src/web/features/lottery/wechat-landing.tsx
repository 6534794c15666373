import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { WechatEntry } from '../accounts/wechat-entry';
import type { Route } from './+types/wechat-landing';
import { raffleBase } from './raffle-loader';
import { rafflePath } from './raffle-paths';

/**
 * The raffle's WeChat entry (`/activitys/wechat/dev|pro?activeId=…`), the link the official
 * account's menu opens (one per environment's account). Inside WeChat it signs the visitor in
 * with WeChat (the site's sign-in finishes on return, header-entry.tsx), then goes on to the
 * campaign; anywhere else, or once signed in, it goes straight there.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const base = raffleBase(request, context);
  return {
    i18n: base.i18n,
    activeId: base.activeId,
    head: {
      title: base.t('lottery', 'wechat.title'),
      description: base.t('lottery', 'meta.description'),
      canonical: base.canonical,
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function WechatLanding({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('lottery');
  const { config } = useApp();
  return (
    <WechatEntry
      target={rafflePath('', { activeId: loaderData.activeId })}
      clientId={config.wechatLogin}
      title={t('wechat.title')}
      text={t('wechat.text')}
      continueLabel={t('wechat.continue')}
    />
  );
}
