import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CONSOLE_API } from '../../../shared/api/routes-console';
import { formatDay } from '../../../shared/format';
import { formatFen } from '../../../shared/mall-rules';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { useSignedInData } from '../accounts/use-signed-in-data';
import { Personal } from '../lottery/personal-states';
import type { Route } from './+types/person';
import { consolePaths } from './paths';
import './people.css';
import { PersonActions, RolesEditor } from './person-actions';

/**
 * One member in the console (`/admin/people/:id`): who they are, how they sign in, their sessions
 * (device and last use, never a token), roles, wins, orders and coins, with the actions the
 * staff member may take. Everything comes from the People admin API.
 */

export function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console', 'people', 'lottery', 'mall']);
  return {
    i18n: base.i18n,
    userId: /^\d{1,15}$/.test(params.id) ? params.id : '0',
    head: { title: base.t('people', 'title'), description: base.t('people', 'metaDescription'), canonical: base.canonical, noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

/** A moment in the reader's language and the browser's time zone (the data is read in the browser). */
function useWhen() {
  const { locale } = useTranslation('people');
  const f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (at: number) => f.format(at);
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  const id = `person-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="card person-block" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export default function Person({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation('people');
  const mall = useTranslation('mall').t;
  const when = useWhen();
  const { state, reload } = useSignedInData((api) => api.call(CONSOLE_API.person, { userId: loaderData.userId }), [loaderData.userId]);
  return (
    <article className="person">
      <p>
        <Link to={consolePaths.people}>{t('person.back')}</Link>
      </p>
      <Personal state={state} title={t('title')}>
        {(p) => (
          <>
            <header className="person-head">
              <h1>{p.nickname}</h1>
              <p className="muted">
                {t('person.id', { id: p.id })} · {t('person.level', { level: p.level })} ·{' '}
                {t('person.joined', { day: formatDay(p.createdAt, locale) })}
                {p.premiumUntil ? ` · ${t('person.premiumUntil', { day: formatDay(p.premiumUntil, locale) })}` : ''}
              </p>
              <p>
                <span className={`people-state people-state-${p.state}`} data-testid="person-state">
                  {t(`state.${p.state}` as 'state.active')}
                </span>
              </p>
              {p.state === 'blocked' && (
                <p className="person-warning" role="status">
                  {t('person.blockedNote')}
                </p>
              )}
            </header>

            <PersonActions person={p} onChanged={reload} />

            <Block title={t('signIns.title')}>
              {p.signIns.length === 0 ? (
                <p className="muted">{t('signIns.none')}</p>
              ) : (
                <ul className="person-list">
                  {p.signIns.map((s) => (
                    <li key={`${s.kind}-${s.value}-${s.since}`}>
                      <strong>{t(`signIns.${s.kind}`)}</strong> {s.value}{' '}
                      <span className="muted small">{t('signIns.since', { day: formatDay(s.since, locale) })}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Block>

            <Block title={t('sessions.title')}>
              {p.sessions.length === 0 ? (
                <p className="muted">{t('sessions.none')}</p>
              ) : (
                <div className="person-table-wrap">
                  <table className="person-table console-stack">
                    <thead>
                      <tr>
                        <th scope="col">{t('sessions.device')}</th>
                        <th scope="col">{t('sessions.started')}</th>
                        <th scope="col">{t('sessions.lastSeen')}</th>
                        <th scope="col">{t('sessions.state')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {p.sessions.map((s) => (
                        <tr key={s.id}>
                          <th scope="row">{s.device || t('sessions.unknownDevice')}</th>
                          <td data-label={t('sessions.started')}>{when(s.createdAt)}</td>
                          <td data-label={t('sessions.lastSeen')}>{when(s.lastSeenAt)}</td>
                          <td data-label={t('sessions.state')}>{t(`sessions.${s.state}`)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Block>

            <RolesEditor person={p} onChanged={reload} />

            <Block title={t('coins.title')}>
              <p data-testid="person-coins">{t('coins.balance', { coins: p.coins.balance })}</p>
              {p.coins.ledger.length === 0 ? (
                <p className="muted">{t('coins.none')}</p>
              ) : (
                <ul className="person-list">
                  {p.coins.ledger.map((l) => (
                    <li key={l.id}>
                      <strong className={l.delta < 0 ? 'person-minus' : 'person-plus'}>{l.delta > 0 ? `+${l.delta}` : l.delta}</strong>{' '}
                      {t(`coins.${l.reason}` as 'coins.admin')}
                      {l.note ? ` — ${l.note}` : ''} <span className="muted small">{when(l.at)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Block>

            <Block title={t('wins.title')}>
              {p.wins.length === 0 ? (
                <p className="muted">{t('wins.none')}</p>
              ) : (
                <ul className="person-list">
                  {p.wins.map((w) => (
                    <li key={w.id}>
                      <strong>{w.prize}</strong> · {w.campaign} · {t(`wins.${w.state}` as 'wins.won')}{' '}
                      <span className="muted small">{when(w.at)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Block>

            <Block title={t('orders.title')}>
              {p.orders.length === 0 ? (
                <p className="muted">{t('orders.none')}</p>
              ) : (
                <ul className="person-list">
                  {p.orders.map((o) => (
                    <li key={o.orderNo}>
                      <strong>{o.orderNo}</strong> · ¥{formatFen(o.totalFen)} · {t('orders.items', { count: o.itemCount })} ·{' '}
                      {mall(`state.${o.state}`)} <span className="muted small">{when(o.at)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Block>
          </>
        )}
      </Personal>
    </article>
  );
}
