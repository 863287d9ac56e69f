// Mounts a remote on its own for development: the same i18n, styles, notifications and session as in the shell,
// a small bar to sign in and switch language, and the remote's own routes. Never used inside the shell.
import { StrictMode, useState, type FormEvent, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@portal/shared-ui/router';
import i18next from 'i18next';
import { configureApi, errorToNotificationBody, login, logout, useSession } from '@portal/shared-api';
import { GlobalStyles } from '../styles/GlobalStyles';
import { Notifications } from '../components/notifications/Notifications';
import { notifyError } from '../components/notifications/notify';
import { initI18n, setLanguage, storedLanguage } from './i18n-setup';

export interface StandaloneOptions {
  name: string;
  routes: { path: string; element: ReactElement }[];
  /** Defaults to window.PORTAL_API_URL, else http://localhost:8000/api/. */
  apiUrl?: string;
}

function DevBar({ name }: { name: string }) {
  const token = useSession((s) => s.token);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [lang, setLang] = useState(storedLanguage());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login(username, password).catch((err: unknown) => notifyError('ERROR', errorToNotificationBody(err)));
  };
  const toggle = () => {
    const next = lang === 'es' ? 'en' : 'es';
    setLang(next);
    void setLanguage(next);
  };
  return (
    <div className="pui-devbar">
      <strong>{name}</strong> (standalone)
      <button type="button" onClick={toggle}>
        {lang.toUpperCase()}
      </button>
      {token ? (
        <button type="button" onClick={logout}>
          Log out
        </button>
      ) : (
        <form onSubmit={submit}>
          <input aria-label="username" value={username} onChange={(e) => setUsername(e.target.value)} />
          <input
            aria-label="password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit">Log in</button>
        </form>
      )}
    </div>
  );
}

export async function mountStandalone({ name, routes, apiUrl }: StandaloneOptions): Promise<void> {
  const configured = (globalThis as { PORTAL_API_URL?: string }).PORTAL_API_URL;
  configureApi({ baseUrl: apiUrl ?? configured ?? 'http://localhost:8000/api/' });
  await initI18n(i18next);
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element to mount into');
  createRoot(container).render(
    <StrictMode>
      <GlobalStyles />
      <BrowserRouter>
        <DevBar name={name} />
        <main className="pui-standalone">
          <Routes>
            {routes.map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
          </Routes>
        </main>
      </BrowserRouter>
      <Notifications />
    </StrictMode>,
  );
}
