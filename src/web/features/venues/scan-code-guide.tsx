import { Link } from 'react-router';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import type { Route } from './+types/scan-code-guide';
import { venuePaths } from './venue-paths';
import './venues.css';

/**
 * Help for `/scan-code` (`/scan-code-guide`): letting the page use the camera on iPhone, Android
 * and inside WeChat, and what to do when a code does not read.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['venues']);
  return {
    i18n: base.i18n,
    head: { title: base.t('venues', 'guide.title'), description: base.t('venues', 'guide.text'), canonical: base.canonical },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

const steps = <S extends string, N extends string>(id: S, ...n: N[]) => n.map((i) => `guide.${id}.${i}` as const);
const SECTIONS = [
  { id: 'ios', steps: steps('ios', '1', '2', '3') },
  { id: 'android', steps: steps('android', '1', '2', '3') },
  { id: 'wechat', steps: steps('wechat', '1', '2', '3') },
  { id: 'trouble', steps: steps('trouble', '1', '2', '3', '4', '5') },
] as const;

export default function ScanCodeGuide() {
  const { t } = useTranslation('venues');
  return (
    <article className="scan-guide">
      <h1 className="page-title">{t('guide.title')}</h1>
      <p className="muted">{t('guide.text')}</p>
      {SECTIONS.map((s) => (
        <section key={s.id} className="card" aria-labelledby={`guide-${s.id}`}>
          <h2 id={`guide-${s.id}`}>{t(`guide.${s.id}.title`)}</h2>
          <ol>
            {s.steps.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ol>
        </section>
      ))}
      <Link className="btn btn-block" to={venuePaths.scanCode}>
        {t('guide.back')}
      </Link>
    </article>
  );
}
