import { useState } from 'react';
import { MODELER_API } from '../../../shared/api/routes-programmes';
import { useTranslation } from '../../i18n/react';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';

/** The author's "close" button on their own open request (asked of the server: the page is shared). */
export default function CloseRequest({ id }: { id: number }) {
  const { t } = useTranslation('modeler');
  const api = useSignedInApi();
  const [closed, setClosed] = useState(false);
  const { state } = useSignedInData((a) => a.call(MODELER_API.request, { id }, { quiet: true }), [id]);
  if (closed) return <p className="notice">{t('closedNotice')}</p>;
  if (state.status !== 'ready' || !state.data.mine || state.data.closed) return null;
  return (
    <button
      type="button"
      className="btn btn-block btn-secondary"
      onClick={() =>
        void api.call(MODELER_API.close, { id }).then(
          () => setClosed(true),
          () => {},
        )
      }
    >
      {t('close')}
    </button>
  );
}
