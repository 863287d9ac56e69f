// The login throttle by account AND address (OWASP ASVS 2.2.1): five wrong passwords from a stranger's address
// throttle that address for the account, not the account; the owner still gets in from their usual address (a
// successful login from there before) and, while the total stays under the per-account ceiling, from anywhere.
// Past the ceiling (guesses from many addresses) only usual addresses and known devices pass. The owner is told
// by e-mail, once per window, in their e-mail language.
import { sql } from 'kysely';
import { createMailer } from '../../src/mail';
import { startTestApp, seedTenant, type Tenant, type TestContext } from '../helpers/app';
import { startSmtp, type Inbox } from '../helpers/servers';

jest.setTimeout(60_000);

let ctx: TestContext;
let t: Tenant;
let inbox: Inbox;

beforeAll(async () => {
  inbox = await startSmtp();
  ctx = await startTestApp({
    loginMailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${inbox.port}`, from: 'portal@example.com' }),
  });
  t = await seedTenant(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await inbox?.stop();
});

const login = (username: string, password: string, address: string, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username, password },
    remoteAddress: address,
    headers: cookie ? { cookie } : {},
  });

async function waitForMails(n: number, ms = 10_000) {
  const end = Date.now() + ms;
  while (inbox.mails.length < n && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return inbox.mails;
}

const mailsTo = (email: string) => inbox.mails.filter((m) => JSON.stringify(m.to).includes(email));

// Only this file's accounts: other test files run beside it on the same database.
beforeEach(async () => {
  const names = [t.standard, t.colleague, t.limited, t.outsider].map((u) => u.username.toLowerCase());
  names.push('nobody-here');
  const ids = [t.standard, t.colleague, t.limited, t.outsider].map((u) => u.id);
  await sql`DELETE FROM login_failures WHERE lower(username) = ANY(${names}::text[])`.execute(ctx.handle.db);
  await sql`DELETE FROM login_lockout_notices WHERE user_id = ANY(${ids}::int[])`.execute(ctx.handle.db);
});

describe('login throttle by account and address', () => {
  it("five wrong passwords from a stranger's address throttle that address, not the owner", async () => {
    const { username, password } = t.standard;
    // The owner's usual address: a successful login from there.
    expect((await login(username, password, '10.80.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await login(username, `guess-${i}`, '10.81.0.1')).statusCode).toBe(400);
    }
    // The stranger's address is throttled for this account, even with the right password...
    const stranger = await login(username, password, '10.81.0.1');
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    // ...the owner, from the usual address and without any cookie, is not; nor from a new address.
    expect((await login(username, password, '10.80.0.1')).statusCode).toBe(200);
    expect((await login(username, password, '10.82.0.1')).statusCode).toBe(200);
    // The owner signing in does not give the stranger new guesses.
    expect((await login(username, 'guess-x', '10.81.0.1')).statusCode).toBe(429);
  });

  it('guesses from many addresses reach the per-account ceiling: only usual addresses and devices pass', async () => {
    const { username, password } = t.colleague;
    const first = await login(username, password, '10.83.0.1');
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0];
    // 25 failures, 5 addresses × 5.
    for (let i = 0; i < 25; i++) {
      expect((await login(username, `guess-${i}`, `10.84.0.${i % 5}`)).statusCode).toBe(400);
    }
    // A sixth address: refused by the ceiling, even with the right password.
    expect((await login(username, 'guess-y', '10.84.1.1')).statusCode).toBe(429);
    expect((await login(username, password, '10.84.1.2')).statusCode).toBe(429);
    // The owner's usual address and the owner's device (from a new address) still get in.
    expect((await login(username, password, '10.83.0.1')).statusCode).toBe(200);
    expect((await login(username, password, '10.85.0.1', cookie)).statusCode).toBe(200);
  });

  it('the owner is told by e-mail once per window, in their e-mail language', async () => {
    const { id, username } = t.limited;
    const email = `${username}@example.com`;
    await ctx.handle.db
      .updateTable('user_profiles')
      .set({ email_language: 'es' } as never)
      .where('id', '=', id)
      .execute();
    const before = mailsTo(email).length;
    for (let i = 0; i < 4; i++) await login(username, `guess-${i}`, '10.86.0.1');
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(email).length).toBe(before); // no lockout yet
    await login(username, 'guess-4', '10.86.0.1'); // the fifth: this address is throttled now
    await waitForMails(inbox.mails.length + 1);
    const mails = mailsTo(email);
    expect(mails.length).toBe(before + 1);
    const mail = mails[mails.length - 1];
    expect(mail.subject).toBe(
      'Intentos fallidos de inicio de sesión en su cuenta del Container Tracking Portal',
    );
    expect(mail.text).toContain('10.86.0.1');
    expect(mail.text).toContain(`«${username}»`);
    // A second address locked in the same window: no second mail.
    for (let i = 0; i < 5; i++) await login(username, `again-${i}`, '10.86.0.2');
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(email).length).toBe(before + 1);
    // The next window: told again (in English now).
    await ctx.handle.db
      .updateTable('user_profiles')
      .set({ email_language: 'en' } as never)
      .where('id', '=', id)
      .execute();
    // This account's only: other test files' attempts must stay in their window.
    await sql`UPDATE login_lockout_notices SET notified_at = now() - interval '16 minutes'
      WHERE user_id = ${id}`.execute(ctx.handle.db);
    await sql`UPDATE login_failures SET created_at = now() - interval '16 minutes'
      WHERE lower(username) = lower(${username})`.execute(ctx.handle.db);
    for (let i = 0; i < 5; i++) await login(username, `later-${i}`, '10.86.0.3');
    await waitForMails(inbox.mails.length + 1);
    const all = mailsTo(email);
    expect(all.length).toBe(before + 2);
    expect(all[all.length - 1].subject).toBe(
      'Failed sign-in attempts on your Container Tracking Portal account',
    );
  });

  it('an unknown username is throttled the same way and sends no mail', async () => {
    const before = inbox.mails.length;
    for (let i = 0; i < 5; i++) {
      expect((await login('nobody-here', `guess-${i}`, '10.87.0.1')).statusCode).toBe(400);
    }
    expect((await login('nobody-here', 'guess-5', '10.87.0.1')).statusCode).toBe(429);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.mails.length).toBe(before);
  });
});
