// The shell-owned login page (spec section 2, "Login").
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '@portal/shared-ui/router';
import { useTranslation } from 'react-i18next';
import { errorToNotificationBody, login, useSession } from '@portal/shared-api';
import { Button, DURATIONS, notifyError, TextInput } from '@portal/shared-ui';
import { ensureCurrentUser } from '../session/current-user';
import { clearExplicitLogout } from '../session/log-out';
import { warmSignedInChunks } from '../session/warm-signed-in';
import { TEST_IDS } from '../testids';
import { DEFAULT_AFTER_LOGIN, safeRedirect } from './redirect';

/** A visitor already signed in goes on to the dashboard, once the user is loaded (the dashboard guard needs it). */
function useRedirectWhenSignedIn(alreadyAuthenticated: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!alreadyAuthenticated) return;
    let active = true;
    const go = () => {
      if (active) void navigate(DEFAULT_AFTER_LOGIN, { replace: true });
    };
    // the dashboard guard needs the user: load it while 'Redirecting...' shows
    ensureCurrentUser().then(go, go);
    return () => {
      active = false;
    };
  }, [alreadyAuthenticated, navigate]);
}

export function LoginPage() {
  const { t } = useTranslation(['shell', 'common']);
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  // While a login is in flight the token appears before the user is loaded: that must not trigger the
  // "already authenticated" redirect to /dashboard (the redirect query value wins).
  const alreadyAuthenticated = Boolean(token) && !busy;

  useEffect(() => clearExplicitLogout(), []);
  // the signed-in chrome's chunks load while the user types, not after the sign-in
  useEffect(() => void warmSignedInChunks(), []);

  useRedirectWhenSignedIn(alreadyAuthenticated);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    setBusy(true);
    try {
      await login(username, password);
    } catch (error) {
      notifyError(t('common:errors.title'), errorToNotificationBody(error), DURATIONS.error);
      setPassword('');
      submitting.current = false;
      setBusy(false);
      passwordRef.current?.focus();
      return;
    }
    // the chrome's chunks are there before the page changes (a fast typist may beat them); then the login page is
    // replaced in the history, so Back never returns to the form.
    await warmSignedInChunks();
    // `busy` stays true until this page unmounts, so the "already authenticated" redirect to /dashboard never
    // races this navigation (react-router applies it in a transition).
    void navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
  };

  if (alreadyAuthenticated) {
    return (
      <div className="shell-login" role="status" data-testid={TEST_IDS.loginRedirecting}>
        <p>{t('shell:login.redirecting')}</p>
      </div>
    );
  }

  return (
    <div className="shell-login">
      <form
        className="shell-login__card"
        onSubmit={(event) => void submit(event)}
        noValidate
        data-testid={TEST_IDS.loginForm}
      >
        <h1 className="shell-login__title">{t('shell:login.title')}</h1>
        <TextInput
          label={t('shell:login.username')}
          name="username"
          autoComplete="username"
          autoFocus
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          data-testid={TEST_IDS.loginUsername}
        />
        <TextInput
          ref={passwordRef}
          label={t('shell:login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid={TEST_IDS.loginPassword}
        />
        <Button type="submit" variant="primary" busy={busy} data-testid={TEST_IDS.loginSubmit}>
          {t('shell:login.submit')}
        </Button>
        <Link className="shell-login__link" to="/" data-testid={TEST_IDS.loginNoAccount}>
          {t('shell:login.noAccount')}
        </Link>
      </form>
    </div>
  );
}
