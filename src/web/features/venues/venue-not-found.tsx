import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { CompassIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';

export function VenueNotFound() {
  const { t } = useTranslation('venues');
  const common = useTranslation('common');
  return (
    <StateView
      icon={<CompassIcon />}
      title={t('notFound.title')}
      actions={
        <Link className="btn btn-block" to="/">
          {common.t('nav.backHome')}
        </Link>
      }
    >
      <p className="muted">{t('notFound.text')}</p>
    </StateView>
  );
}
