// The contact page as a visitor uses it, in both languages: the terms come first and alone, then one message per
// empty required field in the form's order, a filled e-mail must look like an address, a sent request says so and
// empties the form, and the API's own field errors come back under the form's labels. The network is the API
// client's post (ky needs fetch, which jsdom lacks); nothing leaves the test.
// mfe-public's tsconfig does not list the jest-dom matchers' types (the setup file loads them at run time)
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n, useNotifications } from '@portal/shared-ui';
import { api, ApiError } from '@portal/shared-api';
import { MemoryRouter, Route, Routes } from '@portal/shared-ui/router';
import ContactPageExposed from '../../exposes/ContactPage';
import { CONTACT_TEST_IDS } from './ContactForm';

jest.mock('@portal/shared-api', () => {
  const actual = jest.requireActual('@portal/shared-api');
  return { ...actual, api: { ...actual.api, post: jest.fn() } };
});
const post = jest.mocked(api.post);

const notices = () => useNotifications.getState().items;
const input = (id: keyof typeof CONTACT_TEST_IDS) => screen.getByTestId(CONTACT_TEST_IDS[id]);
const type = (id: keyof typeof CONTACT_TEST_IDS, value: string) =>
  fireEvent.change(input(id), { target: { value } });
const acceptTerms = () => fireEvent.click(input('terms'));
const send = () => fireEvent.click(input('send'));

function renderContact() {
  return render(
    <MemoryRouter initialEntries={['/contact']}>
      <Routes>
        <Route path="/contact" element={<ContactPageExposed />} />
        <Route path="/" element={<p>home page</p>} />
        <Route path="/terms-conditions" element={<p>terms page</p>} />
        <Route path="/privacy-policy" element={<p>privacy page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function fillValid() {
  type('name', '  Ana Pérez ');
  type('email', ' ana@example.com ');
  type('phone', '+34 600 000 000');
  type('company', 'Navieras SA');
  type('remarks', ' 40 containers a month ');
  acceptTerms();
}

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  post.mockReset();
  useNotifications.getState().clear();
  await act(() => i18next.changeLanguage('es'));
});

describe('the contact form', () => {
  it('is in Spanish by default, with phone and remarks marked optional and the terms unchecked', () => {
    renderContact();
    expect(document.querySelector('h1')).toHaveTextContent('Contacto');
    expect(screen.getByLabelText('Nombre')).toBe(input('name'));
    expect(screen.getByLabelText('Correo electrónico')).toBe(input('email'));
    expect(screen.getByLabelText('Teléfono (opcional)')).toBe(input('phone'));
    expect(screen.getByLabelText('Observaciones (opcional)')).toBe(input('remarks'));
    expect(input('terms')).not.toBeChecked();
    expect(input('send')).toHaveTextContent('Enviar');
    expect(input('back')).toHaveTextContent('Volver');
  });

  it('asks for the terms first, and only for them', () => {
    renderContact();
    send();
    expect(notices().map((n) => [n.kind, n.title, n.body])).toEqual([
      ['error', 'ERROR', 'Por favor, acepta los Términos y Condiciones y la Política de Privacidad.'],
    ]);
    expect(post).not.toHaveBeenCalled();
  });

  it('then names each empty required field, in order, and marks it invalid (phone is optional)', () => {
    renderContact();
    acceptTerms();
    type('name', '   ');
    send();
    expect(notices().map((n) => n.body)).toEqual([
      'El campo Nombre no puede estar en blanco.',
      'El campo Correo electrónico no puede estar en blanco.',
      'El campo Empresa no puede estar en blanco.',
    ]);
    for (const id of ['name', 'email', 'company'] as const)
      expect(input(id)).toHaveAttribute('aria-invalid', 'true');
    expect(input('phone')).not.toHaveAttribute('aria-invalid');
    expect(post).not.toHaveBeenCalled();
    type('name', 'Ana');
    expect(input('name')).not.toHaveAttribute('aria-invalid');
    expect(input('email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses an e-mail that is not an address, in the visitor language', async () => {
    renderContact();
    await act(() => i18next.changeLanguage('en'));
    fillValid();
    type('email', 'ana@example');
    send();
    expect(notices().map((n) => n.body)).toEqual(['Enter a valid email address.']);
    expect(input('email')).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the trimmed fields with the product and language, says so and empties the form', async () => {
    post.mockResolvedValue(undefined);
    renderContact();
    fillValid();
    send();
    await waitFor(() => expect(notices().map((n) => n.title)).toEqual(['Enviado']));
    expect(notices()[0]).toMatchObject({ kind: 'success', body: 'Solicitud enviada correctamente' });
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('products/send-mail', {
      name: 'Ana Pérez',
      email: 'ana@example.com',
      phone: '+34 600 000 000',
      company: 'Navieras SA',
      comments: '40 containers a month',
      product: 'container-tracking-portal',
      language: 'es',
      terms: true,
      website: '',
    });
    for (const id of ['name', 'email', 'phone', 'company', 'remarks'] as const)
      expect(input(id)).toHaveValue('');
    expect(input('terms')).not.toBeChecked();
  });

  it('sends English as the language after a switch, and says Success', async () => {
    post.mockResolvedValue(undefined);
    renderContact();
    await act(() => i18next.changeLanguage('en'));
    expect(document.querySelector('h1')).toHaveTextContent('Contact');
    fillValid();
    send();
    await waitFor(() =>
      expect(notices().map((n) => [n.title, n.body])).toEqual([['Success', 'request success']]),
    );
    expect(post.mock.calls[0][1]).toMatchObject({ language: 'en' });
  });

  it('passes the hidden honeypot on, so the API can drop what a bot filled in', async () => {
    post.mockResolvedValue(undefined);
    renderContact();
    fillValid();
    fireEvent.change(screen.getByLabelText('Deja este campo vacío'), { target: { value: 'spam.example' } });
    send();
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0][1]).toMatchObject({ website: 'spam.example' });
  });

  it("shows the API's field errors under the form's own labels and keeps what was typed", async () => {
    post.mockRejectedValue(
      new ApiError(400, { name: ['Demasiado largo.'], comments: ['No admitido.'], terms: ['Obligatorio.'] }),
    );
    renderContact();
    fillValid();
    send();
    await waitFor(() => expect(notices()).toHaveLength(1));
    expect(notices()[0]).toMatchObject({
      kind: 'error',
      title: 'ERROR',
      body: [
        { label: 'Nombre', messages: ['Demasiado largo.'] },
        { label: 'Observaciones', messages: ['No admitido.'] },
        { label: 'Términos y Condiciones', messages: ['Obligatorio.'] },
      ],
    });
    expect(input('name')).toHaveValue('  Ana Pérez ');
    expect(input('terms')).toBeChecked();
  });

  it('reports a call that got no answer with its message', async () => {
    post.mockRejectedValue(new Error('Failed to fetch'));
    renderContact();
    fillValid();
    send();
    await waitFor(() => expect(notices()).toHaveLength(1));
    expect(notices()[0].body).toEqual([{ label: 'error', messages: ['Failed to fetch'] }]);
  });

  it('sends once while a request is on its way, and again once it is answered', async () => {
    let answer: () => void = () => undefined;
    post.mockImplementation(() => new Promise<undefined>((resolve) => (answer = () => resolve(undefined))));
    renderContact();
    fillValid();
    send();
    send();
    fireEvent.submit(screen.getByTestId(CONTACT_TEST_IDS.form));
    expect(post).toHaveBeenCalledTimes(1);
    await act(() => {
      answer();
      return Promise.resolve();
    });
    await waitFor(() => expect(notices().map((n) => n.kind)).toEqual(['success']));
    fillValid();
    send();
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('goes back to the landing page, and links the terms and the privacy policy', () => {
    const first = renderContact();
    fireEvent.click(screen.getByText('Términos y Condiciones'));
    expect(screen.getByText('terms page')).toBeInTheDocument();
    first.unmount();
    renderContact();
    fireEvent.click(screen.getByText('Política de Privacidad'));
    expect(screen.getByText('privacy page')).toBeInTheDocument();
  });

  it('Back leads to the landing page', () => {
    renderContact();
    fireEvent.click(input('back'));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });
});
