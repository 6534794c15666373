import { type ComponentType, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useHydrated } from './hydrated';
import type { ViewerProps, ViewerStatus } from './model-viewer';
import './content.css';

/**
 * "View in 3D" under the gallery. three.js (~150 KB gzip) is a separate chunk, fetched only when
 * the visitor asks for it; this part stays in the page chunk and is a few hundred bytes.
 */
type ViewerModule = { default: ComponentType<ViewerProps> };

let chunkFailed = false;
/** A failed chunk download shows the error state; retry creates a fresh lazy component. */
function ChunkFailed({ onStatus }: ViewerProps) {
  useEffect(() => onStatus('error'), [onStatus]);
  return null;
}
const lazyViewer = () =>
  lazy<ComponentType<ViewerProps>>(() =>
    import('./model-viewer').catch((): ViewerModule => {
      chunkFailed = true;
      return { default: ChunkFailed };
    }),
  );
let Viewer = lazyViewer();

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return (
      !!(window.WebGL2RenderingContext || window.WebGLRenderingContext) && !!(canvas.getContext('webgl2') || canvas.getContext('webgl'))
    );
  } catch {
    return false;
  }
}

type Phase = 'closed' | 'open' | 'no-webgl';

export function ModelPreview({ file, title }: { file: { url: string; format: string; name: string } | undefined; title: string }) {
  const ready = useHydrated();
  const { t } = useTranslation('content');
  const [phase, setPhase] = useState<Phase>('closed');
  const [status, setStatus] = useState<ViewerStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  // Stable: the viewer's effect must not re-run (and rebuild the scene) when this re-renders.
  const onStatus = useCallback((s: ViewerStatus) => {
    if (s === 'no-webgl') setPhase('no-webgl');
    else setStatus(s);
  }, []);
  if (!file || !/^(stl|3mf)$/i.test(file.format)) return null;

  const open = () => {
    if (!webglAvailable()) {
      setPhase('no-webgl');
      return;
    }
    setStatus('loading');
    setPhase('open');
  };
  const retry = () => {
    if (chunkFailed) {
      chunkFailed = false;
      Viewer = lazyViewer();
    }
    setStatus('loading');
    setAttempt((n) => n + 1);
  };

  if (phase !== 'open') {
    return (
      <section className="model-3d">
        {phase === 'no-webgl' ? (
          <p className="model-3d-note muted small" role="status">
            {t('viewer.noWebgl')}
          </p>
        ) : (
          <button type="button" className="btn btn-secondary btn-block" disabled={!ready} onClick={open}>
            {t('viewer.open')}
          </button>
        )}
      </section>
    );
  }
  return (
    <section className="model-3d model-3d-open">
      <div className="model-3d-frame" aria-busy={status === 'loading'}>
        <Suspense fallback={null}>
          <Viewer key={attempt} url={file.url} format={file.format} label={t('viewer.label', { title })} onStatus={onStatus} />
        </Suspense>
        {status === 'loading' && (
          <p className="model-3d-overlay" role="status">
            {t('viewer.loading')}
          </p>
        )}
        {status === 'error' && (
          <div className="model-3d-overlay" role="alert">
            <p>{t('viewer.error')}</p>
            <button type="button" className="btn btn-small" onClick={retry}>
              {t('viewer.retry')}
            </button>
          </div>
        )}
      </div>
      {status === 'ready' && <p className="muted small model-3d-note">{t('viewer.hint')}</p>}
      <button type="button" className="btn btn-secondary btn-block" onClick={() => setPhase('closed')}>
        {t('viewer.close')}
      </button>
    </section>
  );
}
