import { data, Link } from 'react-router';
import { MAKERS_TOOLS, type MakersTool, toolOf } from '../../../shared/makers-tools';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import type { Route } from './+types/makers-tools';
import { CostTool, FilamentTool, LayerTool } from './calculators';
import { valuesFromQuery } from './tool-values';
import './tools.css';

/**
 * The makers' calculators (`/makers-tools/:id`: 1 filament length ↔ weight, 2 print cost, 3 layer
 * height; the tools redirect lands here when MAKERS_TOOLS_URL is this site). The server
 * renders the result of the query's values (or typical ones), so a form submitted without JS
 * works; in the browser the result follows each keystroke. The math is in src/shared/makers-tools.ts.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['tools']);
  const tool = toolOf(params.id);
  if (!tool) {
    const head = {
      title: base.t('tools', 'notFound.title'),
      description: base.t('tools', 'meta.description'),
      canonical: base.canonical,
      noindex: true,
    };
    return data({ i18n: base.i18n, page: null, head }, { status: 404 });
  }
  return {
    i18n: base.i18n,
    page: valuesFromQuery(tool, base.url.searchParams),
    head: { title: base.t('tools', `${tool}.title`), description: base.t('tools', `${tool}.intro`), canonical: base.canonical },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function MakersTools({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation('tools');
  const { page } = loaderData;
  return (
    <article className="tools">
      <nav className="tools-nav" aria-label={t('nav')}>
        {Object.entries(MAKERS_TOOLS).map(([id, tool]) => (
          <Link key={id} to={`/makers-tools/${id}`} className="chip" aria-current={id === params.id ? 'page' : undefined}>
            {t(`${tool as MakersTool}.short`)}
          </Link>
        ))}
      </nav>
      {!page ? (
        <section className="card">
          <h1>{t('notFound.title')}</h1>
          <p className="muted">{t('notFound.text')}</p>
        </section>
      ) : (
        <section className="card" aria-labelledby="tool-title">
          <h1 id="tool-title">{t(`${page.tool}.title`)}</h1>
          <p className="muted">{t(`${page.tool}.intro`)}</p>
          {/* A new key per tool and query, so a submitted form (or a link) starts from its values. */}
          {page.tool === 'filament' ? <FilamentTool key={JSON.stringify(page.v)} initial={page.v} /> : null}
          {page.tool === 'cost' ? <CostTool key={JSON.stringify(page.v)} initial={page.v} /> : null}
          {page.tool === 'layer' ? <LayerTool key={JSON.stringify(page.v)} initial={page.v} /> : null}
        </section>
      )}
    </article>
  );
}
