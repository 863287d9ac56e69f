// A refused bulk file: the panel under the buttons says what was wrong in the visitor's language, never with the
// API's field keys ("file:"). An imported one lists the rows whose carrier was taken from the number.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@portal/shared-ui/testing';
import { useNotifications } from '@portal/shared-ui';
import { NS, resources } from '../../i18n';
import { BulkUpload, FILLED_ROWS_SHOWN } from './BulkUpload';

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

it('lists the rows whose carrier was taken from the number, in the visitor’s language', async () => {
  restore = answerUploadsWith(201, {
    imported: 3,
    ids: [1, 2, 3],
    carriers_filled: [
      { row: 2, carrier: 'MAEU' },
      { row: 4, carrier: 'HLCU' },
    ],
  });
  const user = setup('es');
  await user.upload(screen.getByTestId('bulk-file'), sheet());
  const panel = await screen.findByRole('status');
  expect(panel).toHaveTextContent('Se han importado 3 solicitudes de seguimiento.');
  expect(panel).toHaveTextContent('La naviera de 2 filas se tomó de sus números');
  const rows = within(screen.getByTestId('bulk-carriers-filled')).getAllByRole('listitem');
  expect(rows.map((li) => li.textContent)).toEqual(['Fila 2: MAEU', 'Fila 4: HLCU']);
});

it('says nothing about carriers when every row named its own, and bounds a long list', async () => {
  restore = answerUploadsWith(201, { imported: 1, ids: [1], carriers_filled: [] });
  const user = setup('en');
  await user.upload(screen.getByTestId('bulk-file'), sheet());
  expect(await screen.findByRole('status')).toHaveTextContent('1 tracking request imported.');
  expect(screen.queryByTestId('bulk-carriers-filled')).toBeNull();
  restore();

  const many = Array.from({ length: FILLED_ROWS_SHOWN + 3 }, (_, i) => ({ row: i + 2, carrier: 'MSCU' }));
  restore = answerUploadsWith(201, { imported: many.length, ids: [], carriers_filled: many });
  await user.upload(screen.getByTestId('bulk-file'), sheet());
  const list = await screen.findByTestId('bulk-carriers-filled');
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(FILLED_ROWS_SHOWN + 1);
  expect(items.at(-1)).toHaveTextContent('and 3 more rows');
});
