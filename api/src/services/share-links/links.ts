// Tracking links of one shipment for the forwarder's own customer: create, list, revoke, and the look-up of a
// link by its token. The token is the credential (the customer has no account), so it carries 256 random bits
// and only its SHA-256 is stored: it is shown once, in the answer that creates it. A link shows only the
// customer-facing facts of its shipment (public.ts) and stops at its expiry or revocation. HTTP: routes/share-links/.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { ErrorCollector, notFound } from '../../lib/errors';
import { isoOrNull as iso } from '../../lib/dates';

/** Active (neither revoked nor expired) links one shipment may have at once. */
export const MAX_ACTIVE_LINKS = 20;
/** Revoked or expired links kept in the list (the newest). */
const ENDED_LISTED = 20;
export const DEFAULT_EXPIRY_DAYS = 30;
export const MAX_EXPIRY_DAYS = 365;

/** The refusals of the link calls (translated by src/i18n/catalogue.ts). */
const SHARE_LINK_MESSAGES = {
  tooMany: `A shipment can have at most ${MAX_ACTIVE_LINKS} active tracking links. Revoke one first.`,
} as const;

/** A new token: 43 base64url characters (256 random bits), so a plain SHA-256 is enough to store it. */
function newShareToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashShareToken(token) };
}

export const hashShareToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a token may look like (checked before any query: other text is a 404 without a database call). */
const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function linkSelect(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('shipment_share_links as l')
    .leftJoin('users as u', 'u.id', 'l.created_by')
    .select([
      'l.id',
      'l.shipment_id',
      'l.created_at',
      'l.expires_at',
      'l.last_used_at',
      'l.revoked_at',
      'u.username as created_by',
    ])
    .where('l.company_id', '=', companyId);
}
type LinkRow = Awaited<ReturnType<ReturnType<typeof linkSelect>['executeTakeFirstOrThrow']>>;

const linkOut = (r: LinkRow, now: Date) => ({
  id: r.id,
  shipment: Number(r.shipment_id),
  status: r.revoked_at
    ? ('revoked' as const)
    : new Date(r.expires_at).getTime() <= now.getTime()
      ? ('expired' as const)
      : ('active' as const),
  created_at: iso(r.created_at)!,
  created_by: r.created_by ?? null,
  expires_at: iso(r.expires_at)!,
  last_used_at: iso(r.last_used_at),
  revoked_at: iso(r.revoked_at),
});
export type LinkOut = ReturnType<typeof linkOut>;

/** A shipment's links: the active ones newest first, then the last revoked or expired ones. */
export async function listLinks(
  db: Kysely<Database>,
  companyId: number,
  shipmentId: string,
  now = new Date(),
): Promise<LinkOut[]> {
  const active = await linkSelect(db, companyId)
    .where('l.shipment_id', '=', shipmentId)
    .where('l.revoked_at', 'is', null)
    .where('l.expires_at', '>', now)
    .orderBy('l.id', 'desc')
    .execute();
  const ended = await linkSelect(db, companyId)
    .where('l.shipment_id', '=', shipmentId)
    .where((eb) => eb.or([eb('l.revoked_at', 'is not', null), eb('l.expires_at', '<=', now)]))
    .orderBy('l.id', 'desc')
    .limit(ENDED_LISTED)
    .execute();
  return [...active, ...ended].map((r) => linkOut(r, now));
}

/** Creates a link of a shipment of the company (400 when it has too many active ones); the answer holds the token. */
export async function createLink(
  db: Kysely<Database>,
  owner: { userId: number; companyId: number },
  shipmentId: string,
  expiryDays: number,
  now = new Date(),
): Promise<LinkOut & { token: string }> {
  const { token, hash } = newShareToken();
  const id = await db.transaction().execute(async (trx) => {
    // One shipment's creates one at a time, so the count holds.
    await sql`SELECT pg_advisory_xact_lock(20320, ${Number(shipmentId) % 2_147_483_647})`.execute(trx);
    const { n } = await trx
      .selectFrom('shipment_share_links')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('shipment_id', '=', shipmentId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_ACTIVE_LINKS) {
      const full = new ErrorCollector();
      full.add('non_field_errors', SHARE_LINK_MESSAGES.tooMany);
      full.throwIfAny();
    }
    const row = await trx
      .insertInto('shipment_share_links')
      .values({
        shipment_id: shipmentId,
        company_id: owner.companyId,
        created_by: owner.userId,
        token_hash: hash,
        created_at: now,
        expires_at: new Date(now.getTime() + expiryDays * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const row = await linkSelect(db, owner.companyId).where('l.id', '=', id).executeTakeFirstOrThrow();
  return { ...linkOut(row, now), token };
}

/**
 * Revokes a link of the company (404 if it is not the company's, or not of `shipmentId` when given); revoking
 * twice keeps the first date.
 */
export async function revokeLink(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  shipmentId?: string,
): Promise<void> {
  let query = db
    .selectFrom('shipment_share_links')
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', companyId);
  if (shipmentId !== undefined) query = query.where('shipment_id', '=', shipmentId);
  if (!(await query.executeTakeFirst())) throw notFound();
  await db
    .updateTable('shipment_share_links')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The live link a token names (not revoked, not expired, its shipment still of the link's company), or
 * undefined: an unknown, expired and revoked token are told apart by nobody.
 */
export async function linkByToken(db: Kysely<Database>, token: string, now = new Date()) {
  if (!SHARE_TOKEN_PATTERN.test(token)) return undefined;
  return db
    .selectFrom('shipment_share_links as l')
    .innerJoin('shipments as s', (join) =>
      join.onRef('s.id', '=', 'l.shipment_id').onRef('s.company_id', '=', 'l.company_id'),
    )
    .select(['l.id', 'l.shipment_id', 'l.company_id', 'l.last_used_at'])
    .where('l.token_hash', '=', hashShareToken(token))
    .where('l.revoked_at', 'is', null)
    .where('l.expires_at', '>', now)
    .executeTakeFirst();
}
export type LiveLink = NonNullable<Awaited<ReturnType<typeof linkByToken>>>;

/** Notes the link's use, at most once a minute (a page reloaded often does not write on every view). */
export async function touchLink(db: Kysely<Database>, link: LiveLink, now = new Date()): Promise<void> {
  if (link.last_used_at && now.getTime() - new Date(link.last_used_at).getTime() < 60_000) return;
  await db.updateTable('shipment_share_links').set({ last_used_at: now }).where('id', '=', link.id).execute();
}
