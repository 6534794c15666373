import { type FormEvent, useState } from 'react';
import { data, Link } from 'react-router';
import type { FieldIssue } from '../../../shared/api/envelope';
import { VENUES_ADMIN_API } from '../../../shared/api/routes-venues';
import type * as venues from '../../../shared/api/venues';
import { isAdmin, may } from '../../../shared/console-access';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { showToast } from '../../ui/toast';
import { venuePaths } from '../venues/venue-paths';
import type { Route } from './+types/venue-texts';
import type { Texts } from './campaign-draft';
import { NotYours } from './catalogue-parts';
import { consoleAccess } from './console-loader';
import { FieldIssues, issuesOf } from './field-issues';
import { TextsField } from './form-parts';
import { sectionStatus } from './mall-access';
import { consolePaths } from './paths';
import './operations.css';
import './catalogue.css';

/**
 * A venue's texts (`/admin/venues/<slug>`): its name and place in the four languages side by side,
 * missing translations flagged. Its staff and admins save them through the venue admin API; the
 * venue's page shows them at once. Dates, raffle and samples stay with the admins' set-up.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console', 'catalogue', 'venues']);
  const access = await consoleAccess(context);
  const allowed = access.state === 'staff' && may(access.grants, 'view', { type: 'venue', slug: params.slug });
  const venue = allowed ? await context.services.venuesAdmin.get(params.slug).catch(() => null) : null;
  const status = !allowed ? sectionStatus(false) : venue ? 200 : 404;
  const admin = access.state === 'staff' && isAdmin(access.grants);
  return data({ i18n: base.i18n, allowed, venue, admin }, { status, headers: { 'cache-control': 'private, no-store' } });
}

export default function VenueTexts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('venues');
  if (!loaderData.allowed) return <NotYours />;
  if (!loaderData.venue) return <p className="card muted">{t('console.noVenue')}</p>;
  return <TextsForm key={loaderData.venue.slug} venue={loaderData.venue} admin={loaderData.admin} />;
}

function TextsForm({ venue, admin }: { venue: venues.TAdminVenue; admin: boolean }) {
  const { t, locale } = useTranslation('venues');
  const api = useApi();
  const [name, setName] = useState<Texts>({ ...venue.name });
  const [place, setPlace] = useState<Texts>({ ...venue.place });
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [busy, setBusy] = useState(false);

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setIssues([]);
    try {
      await api.call(VENUES_ADMIN_API.update, { slug: venue.slug, name, place });
      showToast(t('console.saved'));
    } catch (err) {
      // The client's toast says why; a parameter error also names its fields here.
      setIssues(issuesOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ops cat-form" onSubmit={save} noValidate>
      <h1>{t('console.editTitle', { name: venue.name[locale] || venue.name.en })}</h1>
      <TextsField legend={t('console.name')} value={name} onChange={setName} />
      <TextsField legend={t('console.place')} value={place} onChange={setPlace} long />
      {admin ? null : <p className="small muted">{t('console.adminOnly')}</p>}
      <FieldIssues issues={issues} label={(field) => t('console.field', { field })} />
      <div className="ops-row">
        <button type="submit" className="btn" disabled={busy}>
          {t('console.save')}
        </button>
        <a className="btn btn-secondary" href={venuePaths.landing(venue.slug)}>
          {t('console.publicPage')}
        </a>
        <Link className="btn btn-secondary" to={consolePaths.venues}>
          {t('console.back')}
        </Link>
      </div>
    </form>
  );
}
