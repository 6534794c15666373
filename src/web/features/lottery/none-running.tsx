import { Link } from 'react-router';
import type { RaffleLook } from '../../../shared/api/lottery';
import { useTranslation } from '../../i18n/react';
import { StateView } from '../../ui/state-view';
import { GiftIcon } from './icons';
import { drawPagePath } from './raffle-paths';

/** A draw page opened without an id while no raffle of its look runs, and the one of another look that does. */
export interface NoneRunningState {
  look: RaffleLook;
  elsewhere: { look: RaffleLook; id: string } | null;
}

/**
 * Not an error (the link was right, the event is just not on now): say so, and lead to the
 * draw that is running, or home when none is.
 */
export function NoneRunning({ state }: { state: NoneRunningState }) {
  const { t } = useTranslation('lottery');
  const common = useTranslation('common');
  const { elsewhere } = state;
  return (
    <StateView
      icon={<GiftIcon />}
      title={t(`none.${state.look}`)}
      actions={
        elsewhere ? (
          <Link className="btn btn-block" to={drawPagePath(elsewhere.look, elsewhere.id)}>
            {t('none.elsewhere')}
          </Link>
        ) : (
          <Link className="btn btn-block" to="/">
            {common.t('nav.backHome')}
          </Link>
        )
      }
    >
      <p className="muted">{t(elsewhere ? 'none.textElsewhere' : 'none.text')}</p>
    </StateView>
  );
}
