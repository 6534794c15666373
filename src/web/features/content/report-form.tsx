import { type FormEvent, useState } from 'react';
import type * as mod from '../../../shared/api/moderation';
import { OPERATIONS_API, REPORT_REASONS, type TReportedKind } from '../../../shared/api/routes-operations';
import { ResultCode } from '../../../shared/errors';
import { ApiError } from '../../api/client';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { showToast } from '../../ui/toast';

/** The report form (report.tsx opens it): loaded when a visitor asks to report, not with the page. */
export default function ReportForm({ itemType, itemId, onClose }: { itemType: TReportedKind; itemId: string; onClose: () => void }) {
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
