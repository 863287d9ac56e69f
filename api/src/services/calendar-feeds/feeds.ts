// A user's calendar feeds: list, create, revoke, and the look-up of a feed by the secret in its URL. A feed is
// the user's own (it writes nothing of the company's), so every user may have some, limited users included;
// it shows only what its owner may see in the portal, and stops (404) when the owner is deactivated or moves to
// another company. The HTTP side is routes/calendar-feeds/.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { ErrorCollector, notFound } from '../../lib/errors';
import { isoOrNull as iso } from '../../lib/dates';

/** Active feeds one user may hold at once. */
export const MAX_ACTIVE_FEEDS = 10;
/** Revoked feeds kept in the list (the newest). */
const REVOKED_LISTED = 20;
export const FEED_SCOPES = ['all', 'project', 'template'] as const;
type FeedScope = (typeof FEED_SCOPES)[number];
export const FEED_LANGS = ['es', 'en'] as const;
export type FeedLang = (typeof FEED_LANGS)[number];

/** The refusals of the feed calls (translated by src/i18n/catalogue.ts). */
export const CALENDAR_FEED_MESSAGES = {
  nameBlank: 'This field may not be blank.',
  required: 'This field is required.',
  tooMany: `You can have at most ${MAX_ACTIVE_FEEDS} active calendar feeds. Revoke one first.`,
  projectUnknown: 'Unknown project.',
  templateUnknown: 'Unknown saved filter.',
  notForScope: (scope: 'project' | 'template') => `Only used with scope "${scope}".`,
} as const;

/** A new secret: 43 base64url characters (256 random bits), so a plain SHA-256 is enough to store it. */
function newFeedSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashFeedSecret(secret) };
}

const hashFeedSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** What a secret may look like (checked before any query: other text is a 404 without a database call). */
const FEED_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function feedSelect(db: Kysely<Database>, userId: number, companyId: number) {
  return db
    .selectFrom('calendar_feeds as f')
    .leftJoin('projects as p', 'p.id', 'f.project_id')
    .leftJoin('export_templates as t', 't.id', 'f.template_id')
    .select([
      'f.id',
      'f.name',
      'f.scope',
      'f.project_id',
      'f.template_id',
      'f.lang',
      'f.created_at',
      'f.last_used_at',
      'f.revoked_at',
      'p.name as project_name',
      't.name as template_name',
    ])
    .where('f.user_id', '=', userId)
    .where('f.company_id', '=', companyId);
}
type FeedRow = Awaited<ReturnType<ReturnType<typeof feedSelect>['executeTakeFirstOrThrow']>>;

const feedOut = (r: FeedRow) => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  project: r.project_id,
  project_name: r.project_name ?? null,
  template: r.template_id,
  template_name: r.template_name ?? null,
  lang: r.lang,
  status: r.revoked_at ? ('revoked' as const) : ('active' as const),
  created_at: iso(r.created_at)!,
  last_used_at: iso(r.last_used_at),
  revoked_at: iso(r.revoked_at),
});
export type FeedOut = ReturnType<typeof feedOut>;

/** The user's feeds: the active ones, newest first, then the last revoked ones. */
export async function listFeeds(db: Kysely<Database>, userId: number, companyId: number): Promise<FeedOut[]> {
  const active = await feedSelect(db, userId, companyId)
    .where('f.revoked_at', 'is', null)
    .orderBy('f.id', 'desc')
    .execute();
  const revoked = await feedSelect(db, userId, companyId)
    .where('f.revoked_at', 'is not', null)
    .orderBy('f.revoked_at', 'desc')
    .limit(REVOKED_LISTED)
    .execute();
  return [...active, ...revoked].map(feedOut);
}

export interface FeedInput {
  name: string;
  scope: FeedScope;
  project?: number | null;
  template?: number | null;
  lang?: FeedLang;
}

/**
 * Creates a feed (400 for a blank name, a project or saved filter that is missing, unknown or not the caller's,
 * or too many active feeds); the answer holds the secret, which is stored hashed and never shown again.
 */
export async function createFeed(
  db: Kysely<Database>,
  owner: { userId: number; companyId: number },
  input: FeedInput,
  fallbackLang: FeedLang,
): Promise<FeedOut & { secret: string }> {
  const problems = new ErrorCollector();
  const name = input.name.trim();
  if (!name) problems.add('name', CALENDAR_FEED_MESSAGES.nameBlank);
  const project = input.project ?? null;
  const template = input.template ?? null;
  if (input.scope === 'project') {
    if (project === null) problems.add('project', CALENDAR_FEED_MESSAGES.required);
    else {
      const found = await db
        .selectFrom('projects')
        .select('id')
        .where('id', '=', project)
        .where('company_id', '=', owner.companyId)
        .executeTakeFirst();
      if (!found) problems.add('project', CALENDAR_FEED_MESSAGES.projectUnknown);
    }
  } else if (project !== null) problems.add('project', CALENDAR_FEED_MESSAGES.notForScope('project'));
  if (input.scope === 'template') {
    if (template === null) problems.add('template', CALENDAR_FEED_MESSAGES.required);
    else {
      // A saved filter is one of the caller's own export templates (their filters are the list's).
      const found = await db
        .selectFrom('export_templates')
        .select('id')
        .where('id', '=', template)
        .where('user_id', '=', owner.userId)
        .where('company_id', '=', owner.companyId)
        .executeTakeFirst();
      if (!found) problems.add('template', CALENDAR_FEED_MESSAGES.templateUnknown);
    }
  } else if (template !== null) problems.add('template', CALENDAR_FEED_MESSAGES.notForScope('template'));
  problems.throwIfAny();

  const { secret, hash } = newFeedSecret();
  const id = await db.transaction().execute(async (trx) => {
    // One user's creates one at a time, so the count holds.
    await sql`SELECT pg_advisory_xact_lock(20290, ${owner.userId})`.execute(trx);
    const { n } = await trx
      .selectFrom('calendar_feeds')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', owner.userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_ACTIVE_FEEDS) {
      const full = new ErrorCollector();
      full.add('non_field_errors', CALENDAR_FEED_MESSAGES.tooMany);
      full.throwIfAny();
    }
    const row = await trx
      .insertInto('calendar_feeds')
      .values({
        user_id: owner.userId,
        company_id: owner.companyId,
        name,
        scope: input.scope,
        project_id: input.scope === 'project' ? project : null,
        template_id: input.scope === 'template' ? template : null,
        lang: input.lang ?? fallbackLang,
        secret_hash: hash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const row = await feedSelect(db, owner.userId, owner.companyId)
    .where('f.id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...feedOut(row), secret };
}

/** Revokes one of the user's feeds (404 if it is not theirs); revoking twice keeps the first date. */
export async function revokeFeed(
  db: Kysely<Database>,
  owner: { userId: number; companyId: number },
  id: number,
): Promise<void> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', owner.userId)
    .where('company_id', '=', owner.companyId)
    .executeTakeFirst();
  if (!row) throw notFound();
  await db
    .updateTable('calendar_feeds')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The feed a secret names: `active` when it is not revoked and its owner is still active in its company (only
 * then does it show anything); `gone` (with the feed's language, for the answer) otherwise; undefined when no
 * feed has this secret.
 */
export async function feedBySecret(db: Kysely<Database>, secret: string) {
  if (!FEED_SECRET_PATTERN.test(secret)) return undefined;
  const row = await db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .leftJoin('user_profiles as up', 'up.id', 'f.user_id')
    .select([
      'f.id',
      'f.name',
      'f.scope',
      'f.project_id',
      'f.template_id',
      'f.lang',
      'f.user_id',
      'f.company_id',
      'f.last_used_at',
      sql<boolean>`f.revoked_at IS NULL AND u.is_active AND up.company_id IS NOT DISTINCT FROM f.company_id`.as(
        'active',
      ),
    ])
    .where('f.secret_hash', '=', hashFeedSecret(secret))
    .executeTakeFirst();
  if (!row) return undefined;
  const { active, ...feed } = row;
  return active ? { status: 'active' as const, feed } : { status: 'gone' as const, lang: row.lang };
}
export type ActiveFeed = Extract<
  NonNullable<Awaited<ReturnType<typeof feedBySecret>>>,
  { status: 'active' }
>['feed'];

/** Notes the feed's use, at most once a minute (a client polling often does not write on every fetch). */
export async function touchFeed(db: Kysely<Database>, feed: ActiveFeed, now = new Date()): Promise<void> {
  if (feed.last_used_at && now.getTime() - new Date(feed.last_used_at).getTime() < 60_000) return;
  await db.updateTable('calendar_feeds').set({ last_used_at: now }).where('id', '=', feed.id).execute();
}
