import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { appTooOld } from '../../../shared/device';
import { useTranslation } from '../../i18n/react';
import './invite.css';

/**
 * Inside an app older than the campaign allows, 'Please update to the latest version
 * to join the event.' with the way to the download page. Read from the browser's User-Agent after
 * hydration, so the server's page stays the same for everyone (and cacheable); the server refuses
 * such apps' calls as well.
 */
export function UpdateBanner({ minAppVersion }: { minAppVersion: string }) {
  const { t } = useTranslation('errors');
  const c = useTranslation('campaigns');
  const [old, setOld] = useState(false);
  useEffect(() => setOld(appTooOld(navigator.userAgent, minAppVersion)), [minAppVersion]);
  if (!old) return null;
  return (
    <p className="notice update-banner" role="alert">
      {t('updateRequired')} <Link to="/download">{c.t('invite.update')}</Link>
    </p>
  );
}
