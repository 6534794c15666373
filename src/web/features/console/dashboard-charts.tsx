import type { DashboardDay } from '../../../shared/api/console';
import { useTranslation } from '../../i18n/react';
import { ChartCard } from '../analytics/charts';
import { SERIES } from './dashboard-series';

const COLOURS = ['#0a7a4b', '#2f6fd6', '#b8470a', '#7a3fb8', '#4e5969'];

/** The dashboard's chart (a lazy chunk with chart.js); the table below it has the same figures. */
export default function DashboardCharts({ days }: { days: DashboardDay[] }) {
  const { t } = useTranslation('console');
  return (
    <ChartCard
      title={t('dashboard.week')}
      config={{
        type: 'line',
        data: {
          labels: days.map((d) => d.day.slice(5)),
          datasets: SERIES.map((k, i) => ({
            label: t(`dashboard.series.${k}`),
            data: days.map((d) => d[k]),
            borderColor: COLOURS[i],
            backgroundColor: COLOURS[i],
          })),
        },
      }}
    />
  );
}
