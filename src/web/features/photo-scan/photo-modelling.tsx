import { lazy, Suspense, useId, useState } from 'react';
import { BAND_ANGLES, BAND_REQUIRED, type BANDS, GEAR_CAP, MIN_PHOTOS, type PhotoMode } from '../../../shared/photo-scan-rules';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import type { Route } from './+types/photo-modelling';
import { RingsDiagram } from './rings-diagram';
import './photo-modelling.css';

const Checker = lazy(() => import('./checker'));

/**
 * Photo modelling (`/webview/photo-modelling`): the photo-scan tutorial in standard and
 * free modes with a diagram of the three camera rings, the rules (shared/photo-scan-rules),
 * then the checker island: pick photos, put each in a ring, see the counts against the rules,
 * and upload the set to a scan job (resumable).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['photo-scan']);
  return {
    i18n: base.i18n,
    head: { title: base.t('photo-scan', 'title'), description: base.t('photo-scan', 'metaDescription'), canonical: base.canonical },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function PhotoModelling() {
  const { t } = useTranslation('photo-scan');
  const [tab, setTab] = useState<PhotoMode>('standard');
  const id = useId();
  const angle = (b: (typeof BANDS)[number]) => t('angle', { from: BAND_ANGLES[b][0], to: BAND_ANGLES[b][1] });
  return (
    <article className="photo">
      <header className="raffle-hero photo-hero">
        <h1>{t('title')}</h1>
        <p className="gift-lead">{t('lead')}</p>
      </header>
      <section className="card" aria-labelledby={`${id}-tutorial`}>
        <h2 id={`${id}-tutorial`}>{t('tutorialTitle')}</h2>
        <div className="photo-tabs" role="tablist" aria-label={t('mode')}>
          {(['standard', 'free'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              id={`${id}-tab-${m}`}
              aria-controls={`${id}-panel`}
              aria-selected={tab === m}
              className={tab === m ? 'photo-tab photo-tab-on' : 'photo-tab'}
              onClick={() => setTab(m)}
            >
              {t(`tabs.${m}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} className="photo-panel">
          <p>{t(tab === 'standard' ? 'standardIntro' : 'freeIntro')}</p>
          <RingsDiagram
            label={t('diagramLabel')}
            counts={tab === 'standard' ? BAND_REQUIRED.big : null}
            names={(b) => `${t(`bandShort.${b}`)} ${angle(b)}`}
          />
          <ul className="photo-scan-rules">
            <li>{t('rules.minimum', { count: MIN_PHOTOS })}</li>
            {tab === 'standard' ? (
              <>
                <li>{t('rules.big', BAND_REQUIRED.big)}</li>
                <li>{t('rules.small', BAND_REQUIRED.small)}</li>
              </>
            ) : (
              <li>{t('rules.free')}</li>
            )}
            <li>{t('rules.angles', { b: angle('bottom'), m: angle('middle'), t: angle('top') })}</li>
            <li>{t('rules.gears', GEAR_CAP)}</li>
            <li>{t('rules.tips')}</li>
          </ul>
        </div>
      </section>
      <Suspense fallback={<p className="card muted">{t('checkerLoading')}</p>}>
        <Checker initialMode={tab} />
      </Suspense>
    </article>
  );
}
