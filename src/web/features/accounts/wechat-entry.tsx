import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PhoneIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import { useSignedIn } from './login-store';
import { isWechat, startWechatLogin, wechatReturn } from './wechat-login';

/**
 * A WeChat entry page (an official account's menu link, one per environment): inside WeChat it
 * signs the visitor in with WeChat web sign-in through `clientId` (the site's sign-in finishes on
 * return, header-entry.tsx), then goes on to `target`; anywhere else, without a client, or once
 * signed in, it goes straight there. Used by the raffle's and the venues' entries.
 */
export function WechatEntry({
  target,
  clientId,
  title,
  text,
  continueLabel,
}: {
  target: string;
  clientId: string | undefined;
  title: string;
  text: string;
  continueLabel: string;
}) {
  const signedIn = useSignedIn();
  const navigate = useNavigate();

  useEffect(() => {
    if (signedIn) {
      navigate(target, { replace: true });
      return;
    }
    // Back from WeChat: the sign-in is being finished; `signedIn` turns true when it is done.
    if (wechatReturn()) return;
    if (isWechat() && clientId) startWechatLogin(clientId);
    else navigate(target, { replace: true });
  }, [signedIn, navigate, target, clientId]);

  return (
    <StateView icon={<PhoneIcon />} title={title}>
      <p className="muted">{text}</p>
      <p>
        <a className="tap-link" href={target}>
          {continueLabel}
        </a>
      </p>
    </StateView>
  );
}
