import { Form, Link, useSearchParams } from 'react-router';
import { CONSOLE_API } from '../../../shared/api/routes-console';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { useSignedInData } from '../accounts/use-signed-in-data';
import { Personal } from '../lottery/personal-states';
import type { Route } from './+types/audit';
import { AuditEntry } from './audit-entry';
import './audit.css';
import { consolePaths } from './paths';

/**
 * The console's audit log (`/admin/audit`): every admin action, newest first, filtered by who,
 * action, item and dates (the filter is in the address, so a view can be shared), each with the
 * item's values before and after; the same filter exports the whole log as CSV. The rows come
 * from the audit API (admins only: the API refuses anyone else).
 */
const FILTERS = ['actorId', 'action', 'itemType', 'itemId', 'from', 'to'] as const;
type Filter = Partial<Record<(typeof FILTERS)[number], string>>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console', 'audit', 'lottery']);
  return {
    i18n: base.i18n,
    head: { title: base.t('audit', 'title'), description: base.t('audit', 'metaDescription'), canonical: base.canonical, noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

/** The filter in the address, as the API takes it (empty fields left out). */
function filterOf(params: URLSearchParams): Filter {
  return Object.fromEntries(FILTERS.flatMap((f) => (params.get(f)?.trim() ? [[f, params.get(f)?.trim()]] : [])));
}

/** `YYYY-MM-DD` of an instant in the operator's zone, and the instant a local day starts. */
const dayOf = (ms: string | undefined) => {
  if (!ms) return '';
  const d = new Date(Number(ms));
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const startOfDay = (day: string, plus = 0) => {
  const [y, m, d] = day.split('-').map(Number);
  return String(new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + plus).getTime());
};

export default function Audit() {
  const { t } = useTranslation('audit');
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const before = params.get('before') ?? undefined;
  const key = params.toString();
  const { state } = useSignedInData((api) => api.call(CONSOLE_API.audit, { ...filter, ...(before && { before }) }), [key]);
  const exportHref = `${CONSOLE_API.auditExport.path}?${new URLSearchParams(filter).toString()}`;

  // Dates are picked in the operator's zone; the API takes instants (the end day is included).
  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const f of ['actorId', 'action', 'itemType', 'itemId'] as const) {
      const v = String(form.get(f) ?? '').trim();
      if (v) next.set(f, v);
    }
    const from = String(form.get('fromDay') ?? '');
    const to = String(form.get('toDay') ?? '');
    if (from) next.set('from', startOfDay(from));
    if (to) next.set('to', startOfDay(to, 1));
    setParams(next);
  }

  return (
    <section className="audit">
      <h1>{t('title')}</h1>
      <Form method="get" className="card audit-filters" onSubmit={submit} aria-label={t('filters')}>
        <label>
          {t('actor')}
          <input name="actorId" inputMode="numeric" defaultValue={filter.actorId ?? ''} key={`a${key}`} />
        </label>
        <label>
          {t('action')}
          <input name="action" defaultValue={filter.action ?? ''} key={`b${key}`} placeholder="campaign.update" spellCheck={false} />
        </label>
        <label>
          {t('itemType')}
          <input name="itemType" defaultValue={filter.itemType ?? ''} key={`c${key}`} placeholder="campaign" spellCheck={false} />
        </label>
        <label>
          {t('itemId')}
          <input name="itemId" defaultValue={filter.itemId ?? ''} key={`d${key}`} spellCheck={false} />
        </label>
        <label>
          {t('from')}
          <input name="fromDay" type="date" defaultValue={dayOf(filter.from)} key={`e${key}`} />
        </label>
        <label>
          {t('to')}
          <input name="toDay" type="date" defaultValue={dayOf(filter.to ? String(Number(filter.to) - 1) : undefined)} key={`f${key}`} />
        </label>
        <div className="btn-row">
          <button type="submit" className="btn">
            {t('filter')}
          </button>
          <Link className="btn btn-secondary" to={consolePaths.audit}>
            {t('clear')}
          </Link>
          <a className="btn btn-secondary" href={exportHref} download>
            {t('export')}
          </a>
        </div>
      </Form>
      <Personal state={state} title={t('title')}>
        {(page) =>
          page.items.length === 0 ? (
            <p className="card muted">{t('empty')}</p>
          ) : (
            <>
              <ol className="audit-list">
                {page.items.map((row) => (
                  <AuditEntry key={row.id} row={row} />
                ))}
              </ol>
              {page.more ? (
                <Link
                  className="btn btn-secondary"
                  to={`${consolePaths.audit}?${new URLSearchParams({ ...filter, before: page.items[page.items.length - 1]?.id ?? '' })}`}
                >
                  {t('older')}
                </Link>
              ) : null}
            </>
          )
        }
      </Personal>
    </section>
  );
}
