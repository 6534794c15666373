import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useHydrated } from './hydrated';
import type { ToolpathViewerProps } from './toolpath-viewer';

/**
 * "Show the toolpath" on the slice page: the viewer (its drawing code and the layers file the
 * server made from the G-code) is fetched only when the visitor asks, in a chunk of its own.
 */
const Viewer = lazy<ComponentType<ToolpathViewerProps>>(() => import('./toolpath-viewer'));

export function ToolpathPreview({ url }: { url: string }) {
  const ready = useHydrated();
  const { t } = useTranslation('content');
  const [open, setOpen] = useState(false);
  return (
    <section className="card toolpath">
      {open ? (
        <Suspense
          fallback={
            <p className="muted small" role="status">
              {t('toolpath.loading')}
            </p>
          }
        >
          <Viewer url={url} />
        </Suspense>
      ) : null}
      <button type="button" className="btn btn-secondary btn-block" disabled={!ready} onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? t('toolpath.close') : t('toolpath.open')}
      </button>
    </section>
  );
}
