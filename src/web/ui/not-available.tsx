import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/react';
import { StateView } from './state-view';

/** Something a link pointed at is not (or no longer) there: say so and offer the way home. */
export function NotAvailable({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  const { t } = useTranslation('common');
  return (
    <StateView
      icon={icon}
      title={title}
      actions={
        <Link className="btn btn-block" to="/">
          {t('nav.backHome')}
        </Link>
      }
    >
      <p className="muted">{text}</p>
    </StateView>
  );
}
