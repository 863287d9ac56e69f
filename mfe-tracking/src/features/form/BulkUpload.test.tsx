// A refused bulk file: the panel under the buttons says what was wrong in the visitor's language, never with the
// API's field keys ("file:").
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@portal/shared-ui/testing';
import { useNotifications } from '@portal/shared-ui';
import { NS, resources } from '../../i18n';
import { BulkUpload } from './BulkUpload';

/** The browser's XMLHttpRequest answering every upload with `status` and `body` (the network seam). */
function answerUploadsWith(status: number, body: unknown) {
  class FakeXhr {
    status = 0;
    responseText = '';
    timeout = 0;
    upload = { onprogress: null as unknown };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  const original = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return () => {
    globalThis.XMLHttpRequest = original;
  };
}

function setup(lng: 'en' | 'es') {
  const i18n = createTestI18n(lng);
  for (const l of ['en', 'es'] as const) i18n.addResourceBundle(l, NS, resources[l]);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  render(<BulkUpload />, { wrapper: Wrapper });
  return userEvent.setup();
}

const sheet = () => new File(['x'], 'requests.xlsx', { type: 'application/octet-stream' });

let restore: () => void = () => undefined;
beforeEach(() => useNotifications.getState().clear());
afterEach(() => restore());

it('names the file in Spanish when the API refuses the file itself', async () => {
  restore = answerUploadsWith(400, { file: ['El archivo no es una hoja de cálculo XLSX ni CSV.'] });
  const user = setup('es');
  await user.upload(screen.getByTestId('bulk-file'), sheet());
  const panel = await screen.findByRole('alert');
  expect(panel).toHaveTextContent('Archivo: El archivo no es una hoja de cálculo XLSX ni CSV.');
  expect(panel.textContent).not.toMatch(/\bfile:/);
});

it('says a message about the whole answer without a key before it', async () => {
  restore = answerUploadsWith(403, { detail: 'You do not have permission to perform this action.' });
  const user = setup('en');
  await user.upload(screen.getByTestId('bulk-file'), sheet());
  const item = within(await screen.findByRole('alert')).getAllByRole('listitem');
  expect(item.map((li) => li.textContent)).toEqual(['You do not have permission to perform this action.']);
});
