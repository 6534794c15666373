import { useState } from 'react';
import { FREE_MODEL_API } from '../../../shared/api/routes-programmes';
import { useTranslation } from '../../i18n/react';
import { useResume, whenSignedIn } from '../accounts/after-sign-in';
import { useSignedInApi } from '../accounts/signed-in-api';

/**
 * Asks the server for a signed link to the file (the member is known, the link expires in minutes)
 * and follows it: the browser downloads the file. Signed-out visitors sign in first.
 */
export default function DownloadButton({ modelId, fileId }: { modelId: string; fileId: string }) {
  const { t } = useTranslation('free-model');
  const api = useSignedInApi();
  const [busy, setBusy] = useState(false);
  const action = `free-model-download:${fileId}`;
  const download = async () => {
    setBusy(true);
    try {
      const { url } = await api.call(FREE_MODEL_API.link, { modelId, fileId });
      window.location.assign(url);
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };
  useResume(action, () => void download());
  return (
    <button type="button" className="btn btn-small" disabled={busy} onClick={() => whenSignedIn(action, null, () => void download())}>
      {t('download')}
    </button>
  );
}
