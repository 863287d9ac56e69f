// Personal calendar feeds. Two plugins:
// - /api/calendar-feeds/: the caller's own feeds (list, create, revoke) under the caller's session. Creating and
//   revoking are writes, which the spec gives to the standard role only (a limited user writes nothing but its
//   view preferences); a feed shows only what its owner sees in the portal. An API key cannot manage feeds
//   (they belong to a person).
// - GET /api/calendar/<secret>.ics: the feed itself, for Outlook and Google Calendar (which send no header
//   to log in: the secret in the URL is the credential). Rate-limited per address, never indexed; an unknown or
//   revoked secret is a 404 with a plain text.
import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from '../../services/rate-limits';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, permissionDenied } from '../../lib/errors';
import { errors } from '../../lib/schemas';
import { parseId } from '../../lib/query-params';
import { requestLang } from '../../i18n';
import { caller, canWrite, requireAuth } from '../../plugins/auth';
import {
  createFeed,
  FEED_LANGS,
  FEED_SCOPES,
  feedBySecret,
  listFeeds,
  MAX_ACTIVE_FEEDS,
  revokeFeed,
  touchFeed,
} from '../../services/calendar-feeds/feeds';
import { FEED_WINDOW, feedEvents, feedText, MAX_FEED_EVENTS } from '../../services/calendar-feeds/ics';
import { FEED_TEXTS } from '../../services/calendar-feeds/texts';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const nullableId = () =>
  Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.Null()]));

const FeedSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    scope: literals(FEED_SCOPES),
    project: Type.Union([Type.Integer(), Type.Null()]),
    project_name: Type.Union([Type.String(), Type.Null()]),
    template: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The saved filter (export template)',
    }),
    template_name: Type.Union([Type.String(), Type.Null()]),
    lang: literals(FEED_LANGS),
    status: Type.Union([Type.Literal('active'), Type.Literal('revoked')]),
    created_at: Type.String({ format: 'date-time' }),
    last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Last fetch by a calendar client (to the minute)',
    }),
    revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'CalendarFeed', title: 'CalendarFeed' },
);

const CreatedFeedSchema = Type.Intersect(
  [
    Type.Omit(FeedSchema, []),
    Type.Object({
      url: Type.String({
        description: 'The address to subscribe to. Shown once: only a fingerprint of its secret is kept.',
      }),
    }),
  ],
  { title: 'CreatedCalendarFeed' },
);

const CreateBody = Type.Object(
  {
    name: Type.String({ maxLength: 100 }),
    scope: literals(FEED_SCOPES),
    project: nullableId(),
    template: nullableId(),
    lang: Type.Optional(literals(FEED_LANGS)),
  },
  { additionalProperties: false },
);

/** The portal's public origin: PUBLIC_URL, else the address the request came to (through a trusted proxy). */
const originOf = (request: FastifyRequest) =>
  request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;

function owner(request: FastifyRequest, { write = false } = {}) {
  const auth = caller(request);
  if (auth.apiKey || (write && !canWrite(auth.profile.role_id))) throw permissionDenied();
  return { userId: auth.user.id, companyId: auth.profile.company_id };
}

export const calendarFeedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);
  const tags = ['calendar-feeds'];
  const security = [{ token: [] }];

  app.get(
    '/calendar-feeds/',
    {
      schema: {
        tags,
        security,
        summary: "The caller's calendar feeds: active ones newest first, then the last revoked",
        response: { 200: Type.Array(FeedSchema), ...errors[401], ...errors[403] },
      },
    },
    async (request) => {
      const { userId, companyId } = owner(request);
      return listFeeds(app.db, userId, companyId);
    },
  );

  app.post(
    '/calendar-feeds/',
    {
      schema: {
        tags,
        security,
        summary: 'Create a calendar feed (its URL is in this answer only)',
        description:
          `The ETAs at POD and delivery of the caller's company's shipments (scope 'all'), of one project ` +
          `('project', with its id) or of one of the caller's saved export templates ('template', with its id), ` +
          `from ${FEED_WINDOW.pastDays} days ago to ${FEED_WINDOW.futureDays} days ahead, at most ` +
          `${MAX_FEED_EVENTS} events. At most ${MAX_ACTIVE_FEEDS} active feeds per user. lang: the language ` +
          `of the events (default: the request's).`,
        body: CreateBody,
        response: { 201: CreatedFeedSchema, ...errors[400](), ...errors[401], ...errors[403] },
      },
    },
    async (request, reply) => {
      const created = await createFeed(
        app.db,
        owner(request, { write: true }),
        request.body,
        requestLang(request),
      );
      const { secret, ...feed } = created;
      return reply.code(201).send({ ...feed, url: `${originOf(request)}/api/calendar/${secret}.ics` });
    },
  );

  app.delete(
    '/calendar-feeds/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke a calendar feed (its URL answers 404 at once)',
        params: Type.Object({ id: Type.String({ maxLength: 20 }) }),
        response: { 204: Type.Null(), ...errors[401], ...errors[403], ...errors[404] },
      },
    },
    async (request, reply) => {
      await revokeFeed(app.db, owner(request, { write: true }), parseId(request.params.id));
      return reply.code(204).send(null);
    },
  );
};

export interface CalendarPluginOptions {
  /** Fetches per client address per window (CALENDAR_RATE_LIMIT_MAX, default 60 a minute). */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Events in one feed at most (default MAX_FEED_EVENTS). */
  maxEvents?: number;
  /** The clock (tests). */
  now?: () => Date;
}

/** Headers of every answer of the feed address: never indexed, never kept by a shared cache. */
const PRIVATE_HEADERS = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'private, no-cache',
  'Referrer-Policy': 'no-referrer',
};

function plain(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).headers(PRIVATE_HEADERS).type('text/plain; charset=utf-8').send(`${text}\n`);
}

export const calendarRoutes: FastifyPluginAsyncTypebox<CalendarPluginOptions> = async (app, opts) => {
  const now = opts.now ?? (() => new Date());
  // Scoped to this plugin. By address: a calendar service fetches many users' feeds from its own addresses,
  // so the default leaves room for those while stopping a client that loops.
  await app.register(rateLimit, {
    // Counted in PostgreSQL: the same window in every API process.
    store: sharedRateLimitStore(app.db, 'calendar'),
    max: opts.rateLimit?.max ?? app.config.env.calendarRateLimitMax,
    timeWindow: opts.rateLimit?.timeWindowMs ?? 60_000,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiError(
        429,
        { detail: FEED_TEXTS[requestLang(request)].tooMany(seconds) },
        { 'Retry-After': String(seconds), ...PRIVATE_HEADERS },
      );
    },
  });

  app.get(
    '/calendar/:file',
    {
      schema: {
        tags: ['calendar-feeds'],
        summary: 'A calendar feed (iCalendar), by the URL answered when it was created',
        description:
          'text/calendar; the secret in the URL is the credential. 404 (plain text) for an unknown or revoked ' +
          'feed, or when its owner is no longer active in the company; supports If-None-Match.',
        params: Type.Object({ file: Type.String({ maxLength: 100 }) }),
        response: {
          200: Type.String({ format: 'binary', description: 'The iCalendar text (text/calendar)' }),
          304: Type.Null(),
          404: Type.String({ description: 'Plain text' }),
          429: Type.Object({ detail: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      const match = /^(.+)\.ics$/.exec(request.params.file);
      const found = match ? await feedBySecret(app.db, match[1]) : undefined;
      if (!found || found.status === 'gone') {
        // A revoked feed answers in its own language; an unknown one in the caller's, else in both.
        const text = found
          ? FEED_TEXTS[found.lang].notFound
          : request.headers['accept-language']
            ? FEED_TEXTS[requestLang(request)].notFound
            : `${FEED_TEXTS.en.notFound}\n${FEED_TEXTS.es.notFound}`;
        return plain(reply, 404, text);
      }
      const { feed } = found;
      const at = now();
      const events = await feedEvents(app.db, feed, at, opts.maxEvents ?? MAX_FEED_EVENTS);
      const body = feedText(feed, events, originOf(request));
      await touchFeed(app.db, feed, at);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      void reply.headers({ ...PRIVATE_HEADERS, ETag: etag });
      const asked = request.headers['if-none-match'];
      if (typeof asked === 'string' && asked.split(/\s*,\s*/).includes(etag))
        return reply.code(304).send(null);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="arrivals.ics"')
        .send(body);
    },
  );
};
