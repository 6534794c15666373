import { data } from 'react-router';
import { docSlugForPath } from '../../../shared/docs';
import { formatDate } from '../../../shared/format';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import type { Route } from './+types/doc-page';
import './doc.css';

/** A legal or help document in the reader's language, rendered from Markdown on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['legal']);
  const slug = docSlugForPath(base.url.pathname);
  const doc = slug ? await context.services.docs.render(slug, base.locale) : null;
  if (!doc) throw data(null, { status: 404 });
  return {
    i18n: base.i18n,
    locale: base.locale,
    doc,
    head: { title: doc.title, description: doc.summary, canonical: base.canonical },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function DocPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('legal');
  const { doc, locale } = loaderData;
  return (
    <article className="card doc">
      <h1>{doc.title}</h1>
      {doc.updated ? <p className="muted small">{t('updated', { date: formatDate(doc.updated, locale) })}</p> : null}
      {doc.toc.length ? (
        <nav className="toc" aria-label={t('toc')}>
          <p>
            <strong>{t('toc')}</strong>
          </p>
          <ul>
            {doc.toc.map((h) => (
              <li key={h.id}>
                <a href={`#${h.id}`}>{h.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {/* Our own documents, rendered on the server from the repository's Markdown. */}
      <div dangerouslySetInnerHTML={{ __html: doc.html }} />
    </article>
  );
}
