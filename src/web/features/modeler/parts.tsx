import { Link } from 'react-router';
import type { Contest, ContestEntry, ModelerRequestCard } from '../../../shared/api/modeler';
import { useTranslation } from '../../i18n/react';
import { requestPath } from './modeler-loader';
import './modeler.css';

export function Budget({ amount }: { amount: number }) {
  const { t } = useTranslation('modeler');
  return <span className="modeler-budget">{amount === 0 ? t('openBudget') : t('budget', { amount: amount.toLocaleString('en') })}</span>;
}

/** The contest's title, dates and voting state. */
export function ContestHead({ contest, dates }: { contest: Contest; dates: { start: string; end: string } }) {
  const { t } = useTranslation('modeler');
  return (
    <p className="modeler-contest-meta">
      <span>{t('dates', dates)}</span> <span className={`modeler-state modeler-state-${contest.state}`}>{t(`state.${contest.state}`)}</span>
    </p>
  );
}

/** Open requests as cards: first image, title, budget, date. */
export function RequestList({ items, dates }: { items: ModelerRequestCard[]; dates: Record<number, string> }) {
  const { t } = useTranslation('modeler');
  if (items.length === 0) return <p className="muted">{t('noRequests')}</p>;
  return (
    <ul className="modeler-requests">
      {items.map((r) => (
        <li key={r.id}>
          <Link to={requestPath(r.id)} className="modeler-request-card">
            {r.imageUrl ? (
              <img src={r.imageUrl} alt="" loading="lazy" width={64} height={64} />
            ) : (
              <span className="modeler-noimg" aria-hidden="true" />
            )}
            <span className="modeler-request-text">
              <strong>{r.title}</strong>
              <span className="muted small">
                <Budget amount={r.budget} /> · <time dateTime={new Date(r.createdAt).toISOString()}>{dates[r.id]}</time>
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A contest's entries; `voted` and `onToggle` are given by the voting island (none while it loads). */
export function EntryList({
  entries,
  voted,
  onToggle,
  canVote,
}: {
  entries: ContestEntry[];
  voted?: ReadonlySet<number>;
  onToggle?: (entry: ContestEntry) => void;
  canVote: boolean;
}) {
  const { t } = useTranslation('modeler');
  if (entries.length === 0) return <p className="muted">{t('noEntries')}</p>;
  return (
    <ul className="modeler-entries">
      {entries.map((e) => {
        const on = voted?.has(e.id) ?? false;
        return (
          <li key={e.id} className="card modeler-entry" data-entry={e.id}>
            <img src={e.imageUrl} alt="" loading="lazy" />
            <div className="modeler-entry-body">
              <h3>{e.title}</h3>
              <p className="muted small modeler-by">{t('by', { designer: e.designer })}</p>
              {e.modelId !== null ? (
                <Link className="tap-link" to={`/creality-cloud/model-details/${e.modelId}`}>
                  {t('viewModel')}
                </Link>
              ) : null}
            </div>
            <div className="modeler-entry-vote">
              <output className="modeler-votes" aria-live="polite">
                {t('votes', { count: e.votes })}
              </output>
              {canVote ? (
                <button
                  type="button"
                  className={on ? 'btn btn-small btn-secondary' : 'btn btn-small'}
                  aria-pressed={on}
                  aria-label={t(on ? 'unvoteFor' : 'voteFor', { title: e.title })}
                  disabled={!onToggle}
                  onClick={() => onToggle?.(e)}
                >
                  {t(on ? 'voted' : 'vote')}
                </button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
