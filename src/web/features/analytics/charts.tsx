import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { AnalyticsOverview } from '../../../shared/api/analytics';
import { useTranslation } from '../../i18n/react';

// Only the pieces drawn here (chart.js is tree-shaken to them).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);

const GREEN = '#0a7a4b';
const BLUE = '#2f6fd6';

/** The dashboard's charts (a lazy chunk with chart.js); figures.tsx has the same numbers as tables. */
export default function Charts({ overview }: { overview: AnalyticsOverview }) {
  const { t } = useTranslation('analytics');
  const steps = (list: { step: string; people: number }[]) => ({
    labels: list.map((s) => t(`steps.${s.step}` as 'steps.viewed')),
    datasets: [{ label: t('series.people'), data: list.map((s) => s.people), backgroundColor: GREEN }],
  });
  return (
    <div className="analytics-charts">
      <ChartCard
        title={t('charts.perDay')}
        config={{
          type: 'line',
          data: {
            labels: overview.days.map((d) => d.day.slice(5)),
            datasets: [
              { label: t('series.events'), data: overview.days.map((d) => d.events), borderColor: GREEN, backgroundColor: GREEN },
              { label: t('series.people'), data: overview.days.map((d) => d.people), borderColor: BLUE, backgroundColor: BLUE },
            ],
          },
        }}
      />
      <ChartCard
        title={t('charts.topEvents')}
        config={{
          type: 'bar',
          data: {
            labels: overview.topEvents.map((e) => e.event),
            datasets: [{ label: t('series.count'), data: overview.topEvents.map((e) => e.count), backgroundColor: BLUE }],
          },
          options: { indexAxis: 'y' },
        }}
      />
      <ChartCard title={t('charts.funnel')} config={{ type: 'bar', data: steps(overview.funnel) }} />
      <ChartCard title={t('charts.inviteFunnel')} config={{ type: 'bar', data: steps(overview.inviteFunnel) }} />
    </div>
  );
}

/** One chart in a card, described for screen readers (the same figures are in a table beside it). */
export function ChartCard({ title, config }: { title: string; config: ChartConfiguration }) {
  const { t } = useTranslation('analytics');
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      ...config,
      options: { responsive: true, maintainAspectRatio: false, animation: false, ...config.options },
    });
    return () => chart.destroy();
  }, [config]);
  return (
    <section className="card analytics-chart">
      <h2>{title}</h2>
      <div className="analytics-canvas">
        <canvas ref={canvas} role="img" aria-label={t('charts.chartLabel', { title })} />
      </div>
    </section>
  );
}
