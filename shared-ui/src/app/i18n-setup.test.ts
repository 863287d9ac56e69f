// The portal's i18n setup hands the user's language to the API client (Accept-Language, failure messages).
import { createInstance } from 'i18next';
import { failureMessage, getApiConfig, resetApiConfig } from '@portal/shared-api';
import { initI18n, setLanguage } from './i18n-setup';

afterEach(() => resetApiConfig());

it('the API client follows the language the user chooses', async () => {
  localStorage.setItem('lang', 'en');
  const instance = createInstance();
  await initI18n(instance);
  expect(getApiConfig().language()).toBe('en');
  expect(failureMessage('timeout')).toBe('The server took too long to answer. Try again.');
  await setLanguage('es', instance);
  expect(getApiConfig().language()).toBe('es');
  expect(failureMessage('timeout')).toBe(
    'El servidor ha tardado demasiado en responder. Vuelva a intentarlo.',
  );
});
