import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { PhoneIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import { useSignedIn } from '../accounts/login-store';
import { isWechat, startWechatLogin, wechatReturn } from '../accounts/wechat-login';
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
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const target = rafflePath('', { activeId: loaderData.activeId });

  useEffect(() => {
    if (signedIn) {
      navigate(target, { replace: true });
      return;
    }
    // Back from WeChat: the sign-in is being finished; `signedIn` turns true when it is done.
    if (wechatReturn()) return;
    if (isWechat() && config.wechatLogin) startWechatLogin(config.wechatLogin);
    else navigate(target, { replace: true });
  }, [signedIn, navigate, target, config.wechatLogin]);

  return (
    <StateView icon={<PhoneIcon />} title={t('wechat.title')}>
      <p className="muted">{t('wechat.text')}</p>
      <p>
        <a href={target}>{t('wechat.continue')}</a>
      </p>
    </StateView>
  );
}
