import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { LotteryInfo } from '../../../shared/api/lottery';
import { LOTTERY_API } from '../../../shared/api/routes-lottery';
import { track } from '../../analytics/track';
import { readCookie } from '../../api/identity';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { Dialog } from '../../ui/dialog';
import { showToast } from '../../ui/toast';
import { useResume, whenSignedIn } from '../accounts/after-sign-in';
import { useSignedIn } from '../accounts/login-store';
import { useHydrated } from '../content/hydrated';
import { useAcceptInvite } from './accept-invite';
import { drawsGranted } from './draws-granted';
import { rafflePath } from './raffle-paths';
import { ShareButtons } from './share-buttons';
import './raffle.css';

type Mode = 'invite' | 'share';

/** The campaign's address; with `inviter` it is the signed-in visitor's invite link. */
/**
 * What is shared: a campaign (a raffle, or an invite-friends campaign: `info.segments` empty) and
 * the page its link opens (`page(id, inviter)`, the raffle page by default).
 */
export type Shared = Pick<LotteryInfo, 'id' | 'title' | 'segments'>;
type PageOf = (id: string, inviter?: string) => string;
/**
 * What inviting earns in a campaign that is not a raffle (an invite-friends campaign gives
 * Cuvacoins, not draws) and where its invited friends are listed.
 */
export interface InviteAbout {
  text: string;
  record: string;
}
const rafflePage: PageOf = (id, inviter) => rafflePath('', { activeId: id, inviter });
const linkOf = (page: PageOf, id: string, inviter?: string) => new URL(page(id, inviter), window.location.origin).href;

/**
 * Sharing the campaign: the link (copied), the system share sheet where there is one,
 * and a poster with a QR code; inside WeChat, the JS-SDK share. "Invite friends" shares the
 * visitor's invite link, so a friend who joins through it earns them draws. A share through
 * the sheet, the poster or a copied link is logged (`shareLog`): the server grants its draws
 * within the daily cap.
 */
export default function Share({ info, page = rafflePage, invite: about }: { info: Shared; page?: PageOf; invite?: InviteAbout }) {
  const { t } = useTranslation('lottery');
  const api = useApi();
  const signedIn = useSignedIn();
  const hydrated = useHydrated();
  const [mode, setMode] = useState<Mode | null>(null);
  const invite = `invite:${info.id}`;
  useResume<null>(invite, () => setMode('invite'));
  useAcceptInvite(api, info.id);

  const image = info.segments.find((s) => s.prize?.imageUrl)?.prize?.imageUrl || '/favicon.svg';
  useEffect(() => {
    if (!/MicroMessenger/i.test(navigator.userAgent)) return;
    void import('./wechat-share').then((m) =>
      m.configureWechatShare(api, {
        title: info.title,
        desc: t('share.text', { title: info.title }),
        link: linkOf(page, info.id, readCookie('userId')),
        imgUrl: new URL(image, window.location.origin).href,
      }),
    );
  }, [api, info.id, info.title, image, t, page]);

  const logged = async () => {
    if (mode) track('InviteShare', { activityId: info.id, shareMethod: mode });
    if (!signedIn) return;
    try {
      const r = await api.call(LOTTERY_API.shareLog, { lotteryId: info.id }, { quiet: true });
      if (r.granted) {
        showToast(t('share.granted'));
        drawsGranted(info.id, r.remaining);
      }
    } catch {
      // Sharing worked; only the bonus draw was not granted (cap, campaign closed).
    }
  };

  return (
    <>
      <ShareButtons
        disabled={!hydrated}
        onInvite={() => whenSignedIn(invite, null, () => setMode('invite'))}
        onShare={() => setMode('share')}
      />
      {mode ? (
        <ShareDialog
          info={info}
          mode={mode}
          link={linkOf(page, info.id, mode === 'invite' ? readCookie('userId') : undefined)}
          onShared={logged}
          onClose={() => setMode(null)}
          {...(about ? { about } : {})}
        />
      ) : null}
    </>
  );
}

function ShareDialog(p: { info: Shared; mode: Mode; link: string; onShared: () => void; onClose: () => void; about?: InviteAbout }) {
  const { t } = useTranslation('lottery');
  const [poster, setPoster] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = t('share.text', { title: p.info.title });
  useEffect(
    () => () => {
      if (poster) URL.revokeObjectURL(poster);
    },
    [poster],
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(p.link);
      showToast(t('share.copied'));
      p.onShared();
    } catch {
      showToast(t('share.copyFailed'));
    }
  };
  const system = async () => {
    try {
      await navigator.share({ title: p.info.title, text, url: p.link });
      p.onShared();
    } catch {
      // Dismissed by the reader: nothing to say.
    }
  };
  const makePoster = async () => {
    setBusy(true);
    try {
      const { drawPoster } = await import('./poster');
      const blob = await drawPoster(p.info, p.link, {
        title: p.info.title,
        prizesTitle: t('poster.prizes'),
        scan: t('poster.scan'),
        site: window.location.host,
      });
      setPoster(URL.createObjectURL(blob));
    } catch {
      showToast(t('poster.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={t(p.mode === 'invite' ? 'share.inviteTitle' : 'share.title')} onClose={p.onClose} className="share-dialog">
      {p.mode === 'invite' ? <p>{p.about?.text ?? t('share.inviteText')}</p> : null}
      <label className="field">
        <span>{t('share.link')}</span>
        <input readOnly value={p.link} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div className="btn-row">
        <button type="button" className="btn" onClick={() => void copy()}>
          {t('share.copy')}
        </button>
        {typeof navigator.share === 'function' ? (
          <button type="button" className="btn btn-secondary" onClick={() => void system()}>
            {t('share.more')}
          </button>
        ) : null}
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void makePoster()}>
          {t('poster.make')}
        </button>
      </div>
      {poster ? (
        <figure className="poster">
          <img src={poster} alt={t('poster.alt', { title: p.info.title })} width={375} height={600} />
          <figcaption>
            <a className="btn btn-block" href={poster} download={`raffle-${p.info.id}.png`} onClick={p.onShared}>
              {t('poster.download')}
            </a>
          </figcaption>
        </figure>
      ) : null}
      {p.mode === 'invite' ? (
        <p className="small">
          <Link to={p.about?.record ?? rafflePath('invitation-record', { activeId: p.info.id })}>{t('links.invitationRecord')}</Link>
        </p>
      ) : null}
      <button type="button" className="btn btn-secondary btn-block" onClick={p.onClose}>
        {t('result.close')}
      </button>
    </Dialog>
  );
}
