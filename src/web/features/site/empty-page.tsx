import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { paths } from '../../paths';
import { headTags } from '../../seo';
import { ButtonLink } from '../../ui/button';
import { EmptyIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import type { Route } from './+types/empty-page';

/** Where the app sends a shared link whose content was removed or made private. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['site']);
  return {
    i18n: base.i18n,
    head: { title: base.t('site', 'empty.title'), description: base.t('site', 'empty.text'), canonical: base.canonical, noindex: true },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function EmptyPage() {
  const { t } = useTranslation('site');
  return (
    <StateView
      icon={<EmptyIcon />}
      title={t('empty.title')}
      actions={
        <>
          <ButtonLink block to={paths.home}>
            {t('empty.home')}
          </ButtonLink>
          <ButtonLink variant="secondary" block to={paths.download}>
            {t('empty.openApp')}
          </ButtonLink>
        </>
      }
    >
      <p className="muted">{t('empty.text')}</p>
    </StateView>
  );
}
