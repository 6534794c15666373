import { type FormEvent, useState } from 'react';
import type * as mod from '../../../shared/api/moderation';
import { OPERATIONS_API, REPORT_REASONS, type TReportedKind } from '../../../shared/api/routes-operations';
import { ResultCode } from '../../../shared/errors';
import { ApiError } from '../../api/client';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { showToast } from '../../ui/toast';
import { whenSignedIn } from '../accounts/after-sign-in';
import { useHydrated } from './hydrated';

/**
 * Report a model, post, comment or profile: a reason from a short list and an optional note, once
 * per visitor and item (the server says so the second time). Signed-out visitors sign in first.
 */
export function ReportButton({ itemType, itemId }: { itemType: TReportedKind; itemId: string }) {
  const { t } = useTranslation('content');
  const ready = useHydrated();
  const [open, setOpen] = useState(false);
  const key = `report:${itemType}:${itemId}`;
  return (
    <>
      <button
        type="button"
        className="link-button"
        disabled={!ready}
        aria-expanded={open}
        onClick={() => whenSignedIn(key, true, () => setOpen(true))}
      >
        {t('report.button')}
      </button>
      {open ? <ReportForm itemType={itemType} itemId={itemId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReportForm({ itemType, itemId, onClose }: { itemType: TReportedKind; itemId: string; onClose: () => void }) {
  const { t } = useTranslation('content');
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const send = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setBusy(true);
    try {
      await api.call(
        OPERATIONS_API.report,
        { itemType, itemId, reason: String(f.get('reason')) as mod.TReportReason, note: String(f.get('note') ?? '') },
        { quiet: true },
      );
      showToast(t('report.sent'));
      onClose();
    } catch (err) {
      // Reported already: as good as done for the visitor.
      showToast(err instanceof ApiError ? err.message : String(err));
      if (err instanceof ApiError && err.code === ResultCode.alreadyReported) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card report-form" onSubmit={send} aria-label={t('report.title')}>
      <fieldset>
        <legend>{t('report.reason')}</legend>
        {REPORT_REASONS.map((r, i) => (
          <label key={r} className="report-reason">
            <input type="radio" name="reason" value={r} required defaultChecked={i === 0} /> {t(`report.reasons.${r}`)}
          </label>
        ))}
      </fieldset>
      <label className="report-note">
        <span>{t('report.note')}</span>
        <textarea name="note" maxLength={500} rows={2} />
      </label>
      <div className="report-actions">
        <button type="submit" className="btn btn-small" disabled={busy} aria-busy={busy}>
          {t('report.send')}
        </button>
        <button type="button" className="btn btn-small btn-secondary" onClick={onClose}>
          {t('report.cancel')}
        </button>
      </div>
    </form>
  );
}
