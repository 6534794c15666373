import { useEffect, useState } from 'react';
import type { CheckinCampaign, CheckinStatus } from '../../../shared/api/checkin';
import { CHECKIN_API } from '../../../shared/api/routes-campaigns';
import { timeZoneWords } from '../../../shared/format';
import { track } from '../../analytics/track';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { showToast } from '../../ui/toast';
import { useResume, whenSignedIn } from '../accounts/after-sign-in';
import { useSignedIn } from '../accounts/login-store';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useHydrated } from '../content/hydrated';
import { MonthCalendar } from './month-calendar';
import { RewardStrip } from './reward-strip';
import './check-in.css';

/** The reader's time zone, as the browser knows it (the server pins it at the first check-in). */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The member's part of the check-in page: today's button, the streak, the reward week, the
 * coins and the month's calendar. Signed-out readers get the login sheet first, and the check-in
 * happens once they are signed in.
 */
export default function Member({ page }: { page: CheckinCampaign }) {
  const { t } = useTranslation('campaigns');
  const common = useTranslation('common');
  const { locale } = useApp();
  const api = useSignedInApi();
  const signedIn = useSignedIn();
  const hydrated = useHydrated();
  const [status, setStatus] = useState<CheckinStatus | null>(null);
  const [month, setMonth] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const action = `checkin:${page.id}`;

  useEffect(() => {
    if (!signedIn) {
      setStatus(null);
      return;
    }
    let gone = false;
    api
      .call(CHECKIN_API.status, { activityId: page.id, timeZone: browserZone(), ...(month ? { month } : {}) }, { quiet: true })
      .then((s) => !gone && setStatus(s))
      .catch(() => {});
    return () => {
      gone = true;
    };
  }, [signedIn, api, page.id, month]);

  const checkIn = async () => {
    setBusy(true);
    try {
      const r = await api.call(CHECKIN_API.checkIn, { activityId: page.id, timeZone: browserZone() });
      if (r.checkedIn) track('CheckIn', { activityId: page.id, streak: r.streak });
      showToast(r.checkedIn ? t('checkin.paid', { coins: r.coins }) : t('checkin.already'));
      setStatus((s) =>
        s
          ? {
              ...s,
              checkedToday: true,
              streak: r.streak,
              balance: r.balance,
              nextReward: s.rewards[r.streak % s.rewards.length] ?? 0,
              days:
                s.month === r.day.slice(0, 7) && !s.days.some((d) => d.day === r.day)
                  ? [...s.days, { day: r.day, coins: r.coins }]
                  : s.days,
            }
          : s,
      );
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };
  useResume<null>(action, () => void checkIn());

  const open = page.state === 'ongoing';
  const done = status?.checkedToday ?? false;
  return (
    <section className="card checkin-member" aria-live="polite">
      <RewardStrip rewards={page.rewards} streak={status?.streak ?? 0} checkedToday={done} />
      <button
        type="button"
        className="btn btn-block checkin-button"
        disabled={!hydrated || !open || busy || done}
        onClick={() => whenSignedIn(action, null, () => void checkIn())}
      >
        {done ? t('checkin.done') : t('checkin.button')}
      </button>
      {!open ? (
        <p className="muted">{t(`checkin.closed.${page.state as 'ended'}`)}</p>
      ) : !signedIn ? (
        <p className="muted">{t('checkin.signIn')}</p>
      ) : status ? (
        <>
          <p className="checkin-streak">
            {t('checkin.streak', { count: status.streak })}
            {done ? null : ` · ${t('checkin.next', { coins: status.nextReward })}`}
          </p>
          <p className="muted small">
            {t('checkin.balance', { coins: status.balance })} ·{' '}
            {t('checkin.zone', { zone: timeZoneWords(status.timeZone, locale, common.t('beijingTime')) })}
          </p>
          <MonthCalendar month={status.month} today={status.today} days={status.days} onMonth={setMonth} />
        </>
      ) : null}
    </section>
  );
}
