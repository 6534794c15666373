import { Link } from 'react-router';
import { ZSliceId } from '../../../shared/api/content';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation, useTranslator } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { LayersIcon } from '../../ui/icons';
import type { Route } from './+types/slice-details';
import { absolute, found, missing } from './content-loader';
import { contentMeta } from './content-meta';
import { ContentNotFound } from './content-not-found';
import { ToolpathPreview } from './islands';
import { OpenInAppBar } from './open-in-app';
import { type Row, sliceGroups, splitStated } from './slice-rows';
import './content.css';
import './slice-details.css';

/** A shared print profile (`/creality-cloud/slices-details/:sliceId`). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['content', 'enums']);
  const parsed = ZSliceId.safeParse(params);
  const slice = parsed.success ? await context.services.content.slice(parsed.data.sliceId) : null;
  if (!slice) return missing(base, 'slice');
  const image = absolute(base, slice.model.imageUrl);
  return found(base, slice, {
    title: `${slice.name} · ${slice.model.title}`,
    description: base.t('content', 'slice.forModel', { title: slice.model.title }),
    ...(image ? { image } : {}),
  });
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = contentMeta;

export default function SliceDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  const translator = useTranslator();
  const slice = loaderData.item;
  if (!slice) {
    return <ContentNotFound icon={<LayersIcon />} title={t('notFound.slice')} />;
  }
  // Labels come from two namespaces (content and enums): `ns:key`.
  const tt = (key: string, params?: Record<string, string | number>) => {
    const [ns, rest] = key.split(':') as ['content' | 'enums', string];
    return translator.t(ns, rest, params);
  };
  const { stated, unstated } = splitStated(sliceGroups(slice.params, tt));
  return (
    <article className="slice">
      <section className="card slice-head">
        {slice.model.imageUrl ? <img src={slice.model.imageUrl} alt="" width={160} height={120} /> : null}
        <div>
          <h1>{slice.name}</h1>
          <p className="small muted">{t('slice.forModel', { title: slice.model.title })}</p>
          <p className="small muted">{t('slice.sharedBy', { name: slice.author.nickname })}</p>
          <Link className="tap-link" to={`/creality-cloud/model-details/${slice.model.id}`}>
            {t('slice.viewModel')}
          </Link>
        </div>
      </section>
      <OpenInAppBar deepLink={`crealitycloud://slice/${slice.id}`} />
      {slice.params.truncated ? (
        <p className="notice" role="note">
          {t('slice.truncated')}
        </p>
      ) : null}
      {slice.toolpathUrl ? <ToolpathPreview url={slice.toolpathUrl} /> : null}
      {stated.map(({ group, rows }) => (
        <section key={group} className="card">
          <h2>{t(`slice.group.${group}` as Parameters<typeof t>[0])}</h2>
          <Params rows={rows} notStated={t('slice.notStated')} />
        </section>
      ))}
      {unstated.length > 0 ? (
        <details className="card slice-unstated">
          <summary>{t('slice.notStatedBySlicer', { count: unstated.length })}</summary>
          <Params rows={unstated} notStated={t('slice.notStated')} />
        </details>
      ) : null}
    </article>
  );
}

function Params({ rows, notStated }: { rows: Row[]; notStated: string }) {
  return (
    <dl className="params">
      {rows.map((r) => (
        <div key={r.label}>
          <dt>{r.label}</dt>
          <dd className={r.value === null ? 'muted' : undefined}>{r.value ?? notStated}</dd>
        </div>
      ))}
    </dl>
  );
}
