import { useTranslation } from '../../i18n/react';
import { CompassIcon } from '../../ui/icons';
import { NotAvailable } from '../../ui/not-available';

export function VenueNotFound() {
  const { t } = useTranslation('venues');
  return <NotAvailable icon={<CompassIcon />} title={t('notFound.title')} text={t('notFound.text')} />;
}
