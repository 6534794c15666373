import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { LOTTERY_ADMIN_API } from '../../../shared/api/lottery-admin';
import { may } from '../../../shared/console-access';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import type { Route } from './+types/preview';
import { consoleAccess } from './console-loader';
import { consolePaths, visitorPath } from './paths';

/**
 * The visitor's page of a campaign (of its kind and look), as visitors will see it, before it is
 * published: a draft is paused (draws refused), and publishing resumes it. The page itself is the
 * real one, in a frame.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console']);
  const access = await consoleAccess(context);
  const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : 0;
  const allowed = access.state === 'staff' && may(access.grants, 'view', { type: 'campaign', id });
  const c = allowed ? await context.services.console.campaign(id) : null;
  return {
    i18n: base.i18n,
    id,
    draft: c ? c.restocking && c.endsAt > Date.now() : false,
    found: c !== null,
    page: c ? visitorPath(c.kind, id, c.settings.look) : '',
  };
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('console');
  const api = useApi();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const { id, draft, found, page } = loaderData;
  if (!found) return <p className="card">{t('raffle.notAllowed')}</p>;
  async function publish() {
    setBusy(true);
    try {
      await api.call(LOTTERY_ADMIN_API.state, { id, action: 'resume' });
      await revalidator.revalidate();
    } catch {
      // The client showed the refusal.
    } finally {
      setBusy(false);
    }
  }
  return (
    <section>
      <h1>{t('preview.title', { id })}</h1>
      <div className="btn-row console-toolbar">
        <Link className="btn btn-secondary" to={consolePaths.campaign(id)}>
          {t('preview.back')}
        </Link>
        {draft ? (
          <button type="button" className="btn" disabled={busy} onClick={publish}>
            {t('preview.publish')}
          </button>
        ) : (
          <p role="status">{t('preview.published')}</p>
        )}
      </div>
      <iframe className="console-preview" title={t('preview.frame')} src={page} />
    </section>
  );
}
