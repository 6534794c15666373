import type { AnalyticsOverview } from '../../../shared/api/analytics';
import { formatCount } from '../../../shared/format';
import { useTranslation } from '../../i18n/react';
import './dashboard.css';

/** The dashboard's numbers as tables: what the charts draw, readable by everyone. */
export function Figures({ overview }: { overview: AnalyticsOverview }) {
  const { t, locale } = useTranslation('analytics');
  const n = (v: number) => formatCount(v, locale);
  return (
    <>
      <section className="card" aria-labelledby="analytics-totals">
        <h2 id="analytics-totals" className="visually-hidden">
          {t('totals.events')}
        </h2>
        <p className="analytics-totals">
          <span>
            {t('totals.events')}: <strong data-testid="total-events">{n(overview.totals.events)}</strong>
          </span>{' '}
          <span>
            {t('totals.people')}: <strong data-testid="total-people">{n(overview.totals.people)}</strong>
          </span>
        </p>
        {overview.totals.events === 0 ? <p className="muted">{t('empty')}</p> : null}
      </section>
      <Table
        id="analytics-top"
        title={t('charts.topEvents')}
        head={[t('series.event'), t('series.count')]}
        rows={overview.topEvents.map((e) => [e.event, n(e.count)])}
      />
      <Table
        id="analytics-funnel"
        title={t('charts.funnel')}
        head={[t('series.step'), t('series.people')]}
        rows={overview.funnel.map((s) => [t(`steps.${s.step}`), n(s.people)])}
      />
      <Table
        id="analytics-invite"
        title={t('charts.inviteFunnel')}
        head={[t('series.step'), t('series.people')]}
        rows={overview.inviteFunnel.map((s) => [t(`steps.${s.step}`), n(s.people)])}
      />
      <Table
        id="analytics-rejected"
        title={t('charts.rejected')}
        head={[t('series.reason'), t('series.count')]}
        rows={overview.rejected.map((r) => [r.reason, n(r.count)])}
        empty={t('noRejections')}
      />
    </>
  );
}

function Table(p: { id: string; title: string; head: string[]; rows: string[][]; empty?: string }) {
  return (
    <section className="card" aria-labelledby={p.id}>
      <h2 id={p.id}>{p.title}</h2>
      {p.rows.length === 0 && p.empty ? (
        <p className="muted">{p.empty}</p>
      ) : (
        <table className="raffle-odds">
          <thead>
            <tr>
              {p.head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.rows.map((r) => (
              <tr key={r[0]}>
                {r.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a row, in a fixed order.
                  <td key={i}>{c}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
