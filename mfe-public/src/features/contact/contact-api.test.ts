// Where a contact request goes: the portal's own API by default, or another products backend at an absolute
// PUBLIC_CONTACT_URL, whose refusals come back as the same ApiError (status and {field: [messages]}) the form
// shows under its labels. The configuration is read when the module loads, so each case loads it afresh.
import type { ContactFields } from './contact-api';

type ContactApi = typeof import('./contact-api');
type SharedApi = typeof import('@portal/shared-api');

const FIELDS: ContactFields = {
  name: ' Ana ',
  email: ' ana@example.com',
  phone: '',
  company: 'ACME ',
  remarks: '\nhello\n',
  terms: true,
  website: '',
};

/** Loads contact-api with PUBLIC_CONTACT_URL set to `url`, and the shared client's two seams mocked. */
function load(url: string | undefined) {
  const post = jest.fn();
  const kyPost = jest.fn();
  let mod!: ContactApi;
  let shared!: SharedApi;
  const saved = process.env.PUBLIC_CONTACT_URL;
  if (url === undefined) delete process.env.PUBLIC_CONTACT_URL;
  else process.env.PUBLIC_CONTACT_URL = url;
  jest.isolateModules(() => {
    jest.doMock('@portal/shared-api', () => {
      const actual = jest.requireActual('@portal/shared-api');
      return { ...actual, api: { ...actual.api, post }, http: () => ({ post: kyPost }) };
    });
    mod = jest.requireActual<ContactApi>('./contact-api');
    shared = jest.requireMock<SharedApi>('@portal/shared-api');
  });
  if (saved === undefined) delete process.env.PUBLIC_CONTACT_URL;
  else process.env.PUBLIC_CONTACT_URL = saved;
  return { mod, post, kyPost, ApiError: shared.ApiError };
}

describe('toPayload', () => {
  const { mod } = load(undefined);

  it('trims every field, names the product and sends remarks as comments', () => {
    expect(mod.toPayload(FIELDS, 'es')).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      phone: '',
      company: 'ACME',
      comments: 'hello',
      product: 'container-tracking-portal',
      language: 'es',
      terms: true,
      website: '',
    });
  });

  it('sends English only for English, Spanish for anything else', () => {
    expect(mod.toPayload(FIELDS, 'en').language).toBe('en');
    expect(mod.toPayload(FIELDS, 'en-GB').language).toBe('es');
    expect(mod.toPayload(FIELDS, 'fr').language).toBe('es');
  });
});

describe('sendContactRequest', () => {
  it("posts to the portal's own API by default", async () => {
    const { mod, post, kyPost } = load(undefined);
    post.mockResolvedValue(undefined);
    const payload = mod.toPayload(FIELDS, 'es');
    await mod.sendContactRequest(payload);
    expect(post).toHaveBeenCalledWith('products/send-mail', payload);
    expect(kyPost).not.toHaveBeenCalled();
  });

  it('posts JSON to another backend when the address is absolute', async () => {
    const { mod, post, kyPost } = load('https://products.example.com/send-mail/');
    kyPost.mockResolvedValue({ ok: true });
    const payload = mod.toPayload(FIELDS, 'en');
    await mod.sendContactRequest(payload);
    expect(kyPost).toHaveBeenCalledWith('https://products.example.com/send-mail/', { json: payload });
    expect(post).not.toHaveBeenCalled();
  });

  it("turns the other backend's refusal into an ApiError with its status and body", async () => {
    const { mod, kyPost, ApiError } = load('https://products.example.com/send-mail/');
    const body = { email: ['Enter a valid email address.'] };
    kyPost.mockRejectedValue({ response: { status: 400, json: () => Promise.resolve(body) } });
    const error = await mod.sendContactRequest(mod.toPayload(FIELDS, 'en')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, body });
  });

  it('keeps the status when the refusal has no JSON body', async () => {
    const { mod, kyPost, ApiError } = load('https://products.example.com/send-mail/');
    kyPost.mockRejectedValue({
      response: { status: 502, json: () => Promise.reject(new SyntaxError('html')) },
    });
    const error = await mod.sendContactRequest(mod.toPayload(FIELDS, 'en')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, body: null });
  });

  it('lets a call that got no answer fail as it is', async () => {
    const { mod, kyPost } = load('https://products.example.com/send-mail/');
    const offline = new TypeError('Failed to fetch');
    kyPost.mockRejectedValue(offline);
    await expect(mod.sendContactRequest(mod.toPayload(FIELDS, 'en'))).rejects.toBe(offline);
  });
});
