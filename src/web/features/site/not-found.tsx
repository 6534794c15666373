import { data } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { paths } from '../../paths';
import { headTags } from '../../seo';
import { ButtonLink } from '../../ui/button';
import { CompassIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import type { Route } from './+types/not-found';

/** Any path no route claims: a translated 404 page with the 404 status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['site']);
  return data(
    {
      i18n: base.i18n,
      head: {
        title: base.t('site', 'notFound.title'),
        description: base.t('site', 'notFound.text'),
        canonical: base.canonical,
        noindex: true,
      },
    },
    { status: 404 },
  );
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function NotFound() {
  const { t } = useTranslation('site');
  return (
    <StateView
      icon={<CompassIcon />}
      title={t('notFound.title')}
      actions={
        <ButtonLink block to={paths.home}>
          {t('notFound.home')}
        </ButtonLink>
      }
    >
      <p className="muted">{t('notFound.text')}</p>
    </StateView>
  );
}
