// Route guards (spec sections 2 and 6): a stored token, write permission, the manager flag.
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from '@portal/shared-ui/router';
import { useTranslation } from 'react-i18next';
import { canEditTeams, canWrite, useSession } from '@portal/shared-api';
import { Button, SpinnerPage } from '@portal/shared-ui';
import type { Access } from '../routes';
import { ensureCurrentUser } from '../session/current-user';
import { isExplicitLogout } from '../session/log-out';
import { TEST_IDS } from '../testids';
import { loginPathFor } from './redirect';

export interface RequireAccessProps {
  access: Access;
  children: ReactNode;
}

export function RequireAccess({ access, children }: RequireAccessProps) {
  const location = useLocation();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const needsUser = access !== 'public' && Boolean(token) && !user;
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!needsUser) return;
    let active = true;
    ensureCurrentUser().then(
      () => undefined,
      () => {
        // a 401 has already ended the session (the guard then sends the user to login)
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [needsUser, attempt]);

  if (access === 'public') return <>{children}</>;
  if (!token) {
    return (
      <Navigate
        to={isExplicitLogout() ? '/login' : loginPathFor(location.pathname, location.search)}
        replace
      />
    );
  }
  if (!user) {
    if (failed) {
      return (
        <GuardError
          onRetry={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        />
      );
    }
    return <SpinnerPage />;
  }
  if (access === 'token+write' && !canWrite(user)) return <Navigate to="/dashboard" replace />;
  if (access === 'token+write+manager' && !canEditTeams(user)) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

function GuardError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <div className="shell-message" role="alert" data-testid={TEST_IDS.guardError}>
      <p>{t('shell:guard.userError')}</p>
      <Button data-testid={TEST_IDS.guardRetry} onClick={onRetry}>
        {t('common:actions.retry')}
      </Button>
    </div>
  );
}
