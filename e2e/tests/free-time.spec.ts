// Demurrage and detention end to end, in Spanish and in English: a manager adds a free-time rule through the API,
// the engine's background recompute puts a container in the port of discharge over its free time, and a user
// sees it in the dashboard count, the list filtered by that count's link (with the free-time columns), the
// detail's card (state, days over, cost) and the free-time section of the daily digest in the local inbox.
import { expect, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { DEMO, Portal } from '../support/portal';
import { API_PORT, E2E_DATABASE_URL, MAILDEV_WEB_PORT } from '../support/ports';
import { apiToken, shp, ShipmentList, signIn } from '../support/shipments';

type Lang = 'es' | 'en';

// One user per language (the digest goes once a day per user): writers of Demo Logistics made for this spec, so
// the profiles other specs read (thresholds, columns, report addresses) do not change. Password copied from admin.
const USERS: Record<Lang, { username: string; password: string; mail: string }> = {
  es: { username: 'ft_reader_es', password: 'admin', mail: 'ft-es@e2e.example' },
  en: { username: 'ft_reader_en', password: 'admin', mail: 'ft-en@e2e.example' },
};
/** The rule's tariff: every day over free time at this rate, so the expected cost is days over × rate. */
const RATE = 123;
const COLUMNS = [
  'container_number',
  'free_time_state',
  'free_time_days_left',
  'free_time_lfd',
  'demurrage_cost',
];

const WORDS = {
  es: {
    over: 'Fuera de tiempo libre',
    daysOver: (n: number) => (n === 1 ? '1 día excedido' : `${n} días excedidos`),
    header: 'Coste de demora',
    subject: /^Alertas de sus envíos: .*\d+ fuera de tiempo libre/,
    clock: 'Demora',
  },
  en: {
    over: 'Over free time',
    daysOver: (n: number) => (n === 1 ? '1 day over' : `${n} days over`),
    header: 'Demurrage cost',
    subject: /^Shipment alerts: .*\d+ over free time/,
    clock: 'Demurrage',
  },
} as const;

const money = (lang: Lang, n: number) =>
  new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(n);

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const api = (request: APIRequestContext, token: string) => {
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown) => {
    const answer = await request.fetch(`http://localhost:${API_PORT}/api/${path}`, {
      method,
      data,
      headers: { Authorization: `Token ${token}` },
    });
    expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return answer.status() === 204 ? null : await answer.json();
  };
  return call;
};

interface Target {
  id: number;
  container: string;
  carrierId: number;
  pod: string;
}

/**
 * A container of Demo Logistics discharged at its port of discharge and still in the terminal, of a carrier that
 * sends no last free day of its own (so the rule decides), once the engine has made one from the demo requests.
 */
async function containerInTerminal(): Promise<Target> {
  let found: Target | undefined;
  await expect
    .poll(
      async () => {
        [found] = await sql<Target>(`
          SELECT s.id::int AS id, s.container_number AS container, s.carrier_id AS "carrierId", l.locode AS pod
          FROM shipments s
          JOIN companies co ON co.id = s.company_id AND co.name = 'Demo Logistics'
          JOIN locations l ON l.id = s.pod_loc_id AND l.locode IS NOT NULL
          WHERE NOT s.hidden AND s.pod_discharge_actual IS NOT NULL AND s.pod_departure_actual IS NULL
            AND s.delivery_actual IS NULL AND s.empty_return_actual IS NULL
            AND s.carrier_demurrage_lfd IS NULL AND s.carrier_detention_lfd IS NULL
          ORDER BY s.pod_discharge_actual DESC LIMIT 1`);
        return found !== undefined;
      },
      { message: 'a demo container in its port of discharge', timeout: 60_000 },
    )
    .toBe(true);
  return found!;
}

function makeUsers() {
  return sql(`
    INSERT INTO users (username, password, email, first_name, last_name)
      SELECT v.username, a.password, v.email, 'Fiona', 'Freetime'
      FROM (VALUES ('${USERS.es.username}', '${USERS.es.mail}'), ('${USERS.en.username}', '${USERS.en.mail}'))
        AS v(username, email), users a
      WHERE a.username = 'admin' ON CONFLICT (username) DO NOTHING;
    INSERT INTO user_profiles (id, company_id, role_id, is_manager)
      SELECT u.id, p.company_id, 1, false FROM users u, user_profiles p JOIN users a ON a.id = p.id
      WHERE u.username IN ('${USERS.es.username}', '${USERS.en.username}') AND a.username = 'admin'
      ON CONFLICT (id) DO NOTHING;`);
}

/**
 * Sends today's digest of `username` now. The scheduler claims digests from REPORTS_HOUR (06:00 UTC) on a
 * 5-minute pg-boss cron; the spec plays that part: it claims the run as claimDueRuns does and queues it on the
 * scheduler's own send queue, whose worker builds and mails it (api/src/reports/runs.ts sendRun).
 */
async function sendDigestNow(username: string): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  await sql(
    `INSERT INTO report_runs (kind, user_id, period)
     SELECT 'digest', id, $2 FROM users WHERE username = $1
     ON CONFLICT (user_id, period) WHERE kind = 'digest' DO NOTHING`,
    [username, `digest:${today}`],
  );
  await sql(
    `INSERT INTO pgboss.job (name, data)
     SELECT 'reports-send', jsonb_build_object('id', r.id::text) FROM report_runs r JOIN users u ON u.id = r.user_id
     WHERE u.username = $1 AND r.kind = 'digest' AND r.period = $2 AND r.status = 'pending'`,
    [username, `digest:${today}`],
  );
}

interface MaildevMail {
  subject: string;
  text: string;
  to: Array<{ address: string }>;
}

async function mailTo(address: string): Promise<MaildevMail | undefined> {
  const all = (await (await fetch(`http://127.0.0.1:${MAILDEV_WEB_PORT}/email`)).json()) as MaildevMail[];
  return all.find((m) => m.to.some((t) => t.address === address));
}

let target: Target;
let ruleId: number;
/** The container's demurrage as the API reads it once the rule applies. */
let clock: { lfd: string; started_on: string; days_left: number; cost: number; state: string };

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await makeUsers();
  target = await containerInTerminal();
  const manager = api(request, await apiToken(request, DEMO));
  // A rule for exactly this carrier and port (more specific than every demo rule): no demurrage free day.
  const stale = (await manager('GET', 'free-time-rules/')) as {
    results: Array<{
      id: number;
      carrier_id: number | null;
      pod_locode: string | null;
      container_type: string | null;
    }>;
  };
  for (const r of stale.results) {
    if (r.carrier_id === target.carrierId && r.pod_locode === target.pod && r.container_type === null)
      await manager('DELETE', `free-time-rules/${r.id}/`);
  }
  const rule = (await manager('POST', 'free-time-rules/', {
    carrier_id: target.carrierId,
    pod_locode: target.pod,
    container_type: null,
    mode: 'separate',
    demurrage_free_days: 0,
    detention_free_days: 10,
    day_count: 'calendar',
    demurrage_start: 'event_day',
    detention_start: 'event_day',
    demurrage_stop: 'gate_out',
    demurrage_tiers: [{ from_day: 1, to_day: null, rate: RATE }],
    detention_tiers: [{ from_day: 1, to_day: null, rate: 50 }],
    currency: 'EUR',
  })) as { id: number };
  ruleId = rule.id;
  // The engine recomputes the company's containers in the background after a rule change.
  await expect
    .poll(
      async () => {
        const s = await manager('GET', `shipments/${target.id}/`);
        clock = s.free_time?.demurrage;
        return s.free_time?.rule_id === ruleId && clock?.state === 'over';
      },
      { message: 'the new rule applied to the container', timeout: 60_000 },
    )
    .toBe(true);
  // 0 free days from the discharge day: the last free day is the day before, every day since is charged.
  const dayBefore = new Date(Date.parse(clock.started_on) - 86_400_000).toISOString().slice(0, 10);
  expect(clock.lfd).toBe(dayBefore);
  expect(clock.days_left).toBeLessThan(0);
  expect(clock.cost).toBe(RATE * -clock.days_left);
  for (const lang of ['es', 'en'] as const) {
    const user = USERS[lang];
    const call = api(request, await apiToken(request, user));
    const me = await call('GET', 'rest-auth/user/');
    await call('PATCH', `user-profiles/${me.id}/`, {
      email_language: lang,
      report_emails: [user.mail],
      free_time_warning_days: 3,
      shipments_fields: COLUMNS,
    });
  }
});

test.afterAll(async ({ request }) => {
  if (ruleId) await api(request, await apiToken(request, DEMO))('DELETE', `free-time-rules/${ruleId}/`);
});

for (const lang of ['es', 'en'] as const) {
  test(`a container over its free time: dashboard, list, detail and digest (${lang})`, async ({
    page,
    request,
  }) => {
    const words = WORDS[lang];
    const daysOver = -clock.days_left;
    const cost = money(lang, clock.cost);
    await signIn(page, USERS[lang]);
    await new Portal(page).setLanguage(lang);

    // The dashboard's count equals the API's, and its link opens the list with the same filter.
    const token = await apiToken(request, USERS[lang]);
    const overCount = page.getByTestId('free-time-over-count');
    await expect(overCount).toContainText(words.over);
    await expect
      .poll(async () => {
        const stats = await api(request, token)('GET', 'shipments/stats/');
        return (await overCount.locator('strong').textContent()) === String(stats.over_free_time_count);
      })
      .toBe(true);
    await overCount.click();
    await expect(page).toHaveURL(/\/shipments\?over_free_time=true$/);
    await expect(page.locator('#filter-over-free-time')).toBeChecked();

    // The list: the container's row with the free-time columns.
    const list = new ShipmentList(page);
    await expect(list.header(words.header)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: target.container });
    await expect(row).toBeVisible();
    await expect(row).toContainText(words.over);
    await expect(row).toContainText(words.daysOver(daysOver));
    await expect(row).toContainText(clock.lfd);
    await expect(row).toContainText(cost);

    // The detail's card: over, days over, cost, and the rule applied.
    await row.getByTestId(shp.rowLink).click();
    await expect(page).toHaveURL(new RegExp(`/shipments/${target.id}$`));
    const card = page.getByTestId('free-time-card');
    await expect(card.getByTestId('free-time-badge').first()).toHaveText(words.over);
    const demurrage = card.getByTestId('free-time-clock-demurrage');
    await expect(demurrage).toContainText(words.daysOver(daysOver));
    await expect(demurrage.getByTestId('free-time-cost')).toHaveText(cost);
    await expect(card.getByTestId('free-time-rule')).toContainText(target.pod);

    // The digest in the local inbox: its free-time section lists the container, its days over and its cost.
    await sendDigestNow(USERS[lang].username);
    let mail: MaildevMail | undefined;
    await expect
      .poll(async () => (mail = await mailTo(USERS[lang].mail)) !== undefined, {
        message: `the ${lang} digest in maildev`,
        timeout: 30_000,
      })
      .toBe(true);
    expect(mail!.subject).toMatch(words.subject);
    const line = mail!.text.split('\n').find((l) => l.startsWith(`${target.container} |`));
    expect(line, mail!.text).toBeDefined();
    expect(line!.split(' | ').slice(3)).toEqual([words.clock, clock.lfd, `-${daysOver}`, cost]);
  });
}
