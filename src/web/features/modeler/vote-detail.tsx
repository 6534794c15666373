import { lazy, Suspense } from 'react';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import type { Route } from './+types/vote-detail';
import { contestDates, modelerBase } from './modeler-loader';
import { ContestHead, EntryList } from './parts';
import './modeler.css';

const Voting = lazy(() => import('./voting'));

/**
 * A design contest (`/modeler/voteDetail?contestId=N`; without an id, the current contest): its
 * entries with their votes, rendered on the server; voting is an island for signed-in members.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = modelerBase(request, context);
  const raw = base.url.searchParams.get('contestId');
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
  const contest = raw !== null && id === undefined ? null : await base.modeler.contest(id).catch(() => null);
  return {
    i18n: base.i18n,
    contest,
    dates: contest ? contestDates(contest, base.date) : null,
    head: {
      title: contest?.title ?? base.t('modeler', 'voteTitle'),
      description: base.t('modeler', 'voteLead'),
      canonical: base.canonical,
    },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function VoteDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('modeler');
  const { contest, dates } = loaderData;
  if (!contest || !dates)
    return (
      <article className="modeler">
        <h1>{t('voteTitle')}</h1>
        <p className="card notice">{t('contestMissing')}</p>
      </article>
    );
  return (
    <article className="modeler">
      <header className="raffle-hero modeler-hero">
        <h1>{contest.title}</h1>
        <ContestHead contest={contest} dates={dates} />
        {contest.description ? <p className="gift-lead">{contest.description}</p> : null}
      </header>
      <p className="muted small">{t('voteLead')}</p>
      <Suspense fallback={<EntryList entries={contest.entries} canVote={contest.state === 'voting'} />}>
        <Voting contest={contest} />
      </Suspense>
    </article>
  );
}
