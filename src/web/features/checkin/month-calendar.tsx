import { useTranslation } from '../../i18n/react';
import './check-in.css';

const shift = (month: string, by: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + by, 1)).toISOString().slice(0, 7);
};

/**
 * A month as a grid of days (weeks start on Monday), the checked-in ones marked with their coins.
 * Dates are the member's calendar days as the server counts them, so no time zone applies here.
 */
export function MonthCalendar(p: { month: string; today: string; days: { day: string; coins: number }[]; onMonth: (m: string) => void }) {
  const { t, locale } = useTranslation('campaigns');
  const [y, m] = p.month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const paid = new Map(p.days.map((d) => [d.day, d.coins]));
  const title = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(first);
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  const heads = Array.from({ length: 7 }, (_, i) => weekday.format(Date.UTC(2024, 0, 1 + i)));
  const cells = [...Array.from({ length: lead }, () => null), ...Array.from({ length: count }, (_, i) => i + 1)];
  const isCurrent = p.month === p.today.slice(0, 7);
  return (
    <section className="calendar" aria-label={title}>
      <header className="calendar-head">
        <button
          type="button"
          className="btn btn-small btn-secondary"
          onClick={() => p.onMonth(shift(p.month, -1))}
          aria-label={t('checkin.previousMonth')}
        >
          ‹
        </button>
        <h2>{title}</h2>
        <button
          type="button"
          className="btn btn-small btn-secondary"
          disabled={isCurrent}
          onClick={() => p.onMonth(shift(p.month, 1))}
          aria-label={t('checkin.nextMonth')}
        >
          ›
        </button>
      </header>
      <div className="calendar-grid">
        {heads.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the weekdays are positions
          <span key={`h${i}`} className="calendar-weekday" aria-hidden="true">
            {h}
          </span>
        ))}
        {cells.map((d, i) => {
          // biome-ignore lint/suspicious/noArrayIndexKey: the blanks before the 1st are positions
          if (d === null) return <span key={`e${i}`} aria-hidden="true" />;
          const day = `${p.month}-${String(d).padStart(2, '0')}`;
          const coins = paid.get(day);
          return (
            <span
              key={day}
              className={`calendar-day${coins !== undefined ? ' calendar-done' : ''}${day === p.today ? ' calendar-today' : ''}`}
            >
              {d}
              {coins !== undefined ? <span className="visually-hidden">{t('checkin.dayDone', { coins })}</span> : null}
            </span>
          );
        })}
      </div>
      <p className="muted small">{t('checkin.monthTotal', { count: p.days.length, coins: p.days.reduce((s, d) => s + d.coins, 0) })}</p>
    </section>
  );
}
