import type { CollectionCardView } from '../../../shared/api/collection';
import { useTranslation } from '../../i18n/react';
import { CardFace } from './card-face';
import './collection.css';

/** How many kinds of the set the reader holds at least one of. */
export const kindsHeld = (cards: CollectionCardView[]) => cards.filter((c) => c.count > 0).length;

/**
 * The album: every card of the set with how many the reader holds, greyed while they have none.
 * Rendered on the server with no counts, then by the signed-in reader's island with theirs.
 */
export function Album({ cards }: { cards: CollectionCardView[] }) {
  const { t } = useTranslation('collection');
  return (
    <>
      <p className="collection-progress">{t('progress', { have: kindsHeld(cards), total: cards.length })}</p>
      <ul className="collection-album">
        {cards.map((c, i) => (
          <li
            key={c.key}
            className={`collection-card${c.count > 0 ? '' : ' collection-card-missing'}`}
            aria-label={t('held', { name: c.name, count: c.count })}
          >
            <CardFace cardKey={c.key} index={i} total={cards.length} />
            <span className="collection-card-name">{c.name}</span>
            <span className="collection-card-count" aria-hidden="true">
              {c.count > 0 ? `×${c.count}` : t('missing')}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
