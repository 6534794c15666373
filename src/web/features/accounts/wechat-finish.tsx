import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { ACCOUNTS_API } from '../../../shared/api/routes-accounts';
import { track } from '../../analytics/track';
import { useApi } from '../../api/use-api';
import { sessionChanged } from './login-store';
import { clearWechatReturn, wechatReturn } from './wechat-login';

/** Loaded only on the page WeChat sends the visitor back to: finishes the sign-in there. */
export default function WechatFinish() {
  const api = useApi();
  const revalidator = useRevalidator();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the return from WeChat.
  useEffect(() => {
    const answer = wechatReturn();
    if (!answer) return;
    clearWechatReturn();
    void api
      .call(ACCOUNTS_API.oauthLogin, answer)
      .then(() => {
        sessionChanged();
        track('LoginFinish', { method: 'wechat' });
        void revalidator.revalidate();
      })
      .catch(() => {
        // The API client has shown why (expired code, WeChat unavailable…).
      });
  }, []);
  return null;
}
