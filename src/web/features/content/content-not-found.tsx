import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { StateView } from '../../ui/state-view';

/** A shared link to content that does not exist (any more): what it was, and the way home. */
export function ContentNotFound({ icon, title }: { icon: ReactNode; title: string }) {
  const { t } = useTranslation('content');
  const common = useTranslation('common');
  return (
    <StateView
      icon={icon}
      title={title}
      actions={
        <Link className="btn btn-block" to={paths.home}>
          {common.t('nav.backHome')}
        </Link>
      }
    >
      <p className="muted">{t('notFound.text')}</p>
    </StateView>
  );
}
