import { lazy, Suspense, useState } from 'react';
import type { TReportedKind } from '../../../shared/api/routes-operations';
import { useTranslation } from '../../i18n/react';
import { whenSignedIn } from '../accounts/after-sign-in';
import { useHydrated } from './hydrated';

const ReportForm = lazy(() => import('./report-form'));

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
      {open ? (
        <Suspense fallback={null}>
          <ReportForm itemType={itemType} itemId={itemId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
