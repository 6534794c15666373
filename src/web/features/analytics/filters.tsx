import { Form } from 'react-router';
import type { AnalyticsDimensions } from '../../../shared/api/analytics';
import { useTranslation } from '../../i18n/react';
import './dashboard.css';

export interface Filters {
  from: string;
  to: string;
  activityId: string;
  channel: string;
}

const DAY = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The default view: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

/** The filters in the address, or the defaults; a malformed value is the default. */
export function filtersFrom(params: URLSearchParams, now: number): Filters {
  const today = new Date(now).toISOString().slice(0, 10);
  const to = DATE.test(params.get('to') ?? '') ? (params.get('to') as string) : today;
  const from = DATE.test(params.get('from') ?? '')
    ? (params.get('from') as string)
    : new Date(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY).toISOString().slice(0, 10);
  const activityId = params.get('activityId') ?? '';
  const channel = params.get('channel') ?? '';
  return {
    from,
    to,
    activityId: /^[A-Za-z0-9_-]{1,64}$/.test(activityId) ? activityId : '',
    channel: channel.trim().slice(0, 64),
  };
}

/** A GET form: the filters become the address (shareable), and the page reads them from it. */
export function FiltersForm({ filters, dimensions }: { filters: Filters; dimensions: AnalyticsDimensions }) {
  const { t } = useTranslation('analytics');
  // A filter from the address stays a choice even when the range has no event of it.
  const campaigns = [...new Set([filters.activityId, ...dimensions.campaigns].filter(Boolean))];
  const channels = [...new Set([filters.channel, ...dimensions.channels].filter(Boolean))];
  return (
    <Form method="get" className="card analytics-filters">
      <fieldset>
        <legend>{t('filters.legend')}</legend>
        <label>
          {t('filters.from')}
          <input type="date" name="from" defaultValue={filters.from} required />
        </label>
        <label>
          {t('filters.to')}
          <input type="date" name="to" defaultValue={filters.to} required />
        </label>
        <label>
          {t('filters.campaign')}
          <select name="activityId" defaultValue={filters.activityId}>
            <option value="">{t('filters.all')}</option>
            {campaigns.map((id) => (
              <option key={id} value={id}>
                {t('filters.campaignId', { id })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('filters.channel')}
          <select name="channel" defaultValue={filters.channel}>
            <option value="">{t('filters.all')}</option>
            {channels.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn">
          {t('filters.apply')}
        </button>
      </fieldset>
    </Form>
  );
}
