import { useTranslation } from '../../i18n/react';

/** The invite and share buttons, live in the share island and disabled in its placeholder. */
export function ShareButtons({ disabled, onInvite, onShare }: { disabled?: boolean; onInvite?: () => void; onShare?: () => void }) {
  const { t } = useTranslation('lottery');
  return (
    <>
      <button type="button" className="btn btn-secondary" disabled={disabled} onClick={onInvite}>
        {t('links.invite')}
      </button>
      <button type="button" className="btn" disabled={disabled} onClick={onShare}>
        {t('links.share')}
      </button>
    </>
  );
}
