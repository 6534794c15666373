import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useResume, whenSignedIn } from '../accounts/after-sign-in';
import { useSignedIn } from '../accounts/login-store';
import { freeModelPaths } from './paths';

/** Signed in: on to the models; signed out: the login sheet (a first sign-in makes the account), then on. */
export default function Start() {
  const { t } = useTranslation('free-model');
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const next = () => navigate(freeModelPaths.model);
  useResume('free-model', next);
  return (
    <button type="button" className="btn btn-block" onClick={() => whenSignedIn('free-model', null, next)}>
      {signedIn ? t('choose') : t('start')}
    </button>
  );
}
