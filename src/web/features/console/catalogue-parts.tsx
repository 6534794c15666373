import { useTranslation } from '../../i18n/react';
import { LockIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';

/** What staff of other scopes see on a section that is not theirs (the API refuses it too). */
export function NotYours() {
  const { t } = useTranslation('catalogue');
  return (
    <StateView icon={<LockIcon />} title={t('notYours.title')}>
      <p className="muted">{t('notYours.text')}</p>
    </StateView>
  );
}
