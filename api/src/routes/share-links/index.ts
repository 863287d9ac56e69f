// Tracking links for the forwarder's customer. Two plugins:
// - shipments/<id>/share-links/ and share-links/<id>/: a shipment's links (list, create, revoke) under the
//   caller's session or API key; the shipment must be the caller's company's (404 otherwise), and creating or
//   revoking needs write permission (limited users: 403).
// - GET public/tracking/<token>/: what the link shows, without logging in (the token is the credential).
//   Rate-limited per address, never indexed or cached; an unknown, expired or revoked token gets the same 404.
import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from '../../services/rate-limits';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound, permissionDenied } from '../../lib/errors';
import { errors } from '../../lib/schemas';
import { parseId as parseIntId } from '../../lib/query-params';
import { langFromHeader, type Lang } from '../../i18n';
import { caller, canWrite, requireAuth } from '../../plugins/auth';
import { findShipment } from '../../services/shipments';
import {
  createLink,
  DEFAULT_EXPIRY_DAYS,
  linkByToken,
  listLinks,
  MAX_ACTIVE_LINKS,
  MAX_EXPIRY_DAYS,
  revokeLink,
  touchLink,
} from '../../services/share-links/links';
import { publicTracking } from '../../services/share-links/public';
import { SHARE_TEXTS } from '../../services/share-links/texts';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const LinkSchema = Type.Object(
  {
    id: Type.Integer(),
    shipment: Type.Integer(),
    status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
    created_at: Type.String({ format: 'date-time' }),
    created_by: nullable(Type.String({ description: 'Username of the creator (null once deleted)' })),
    expires_at: Type.String({ format: 'date-time' }),
    last_used_at: nullable(Type.String({ format: 'date-time', description: 'Last view (to the minute)' })),
    revoked_at: nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'ShareLink', title: 'ShareLink' },
);

const CreatedLinkSchema = Type.Intersect(
  [
    Type.Omit(LinkSchema, []),
    Type.Object({
      token: Type.String({ description: 'The secret of the link. Shown once: only its SHA-256 is kept.' }),
      url: Type.String({ description: "The page to send the customer (the portal's /t/<token>)" }),
    }),
  ],
  { title: 'CreatedShareLink' },
);

const CreateBody = Type.Object(
  {
    expires_in_days: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_EXPIRY_DAYS, description: `Default ${DEFAULT_EXPIRY_DAYS}` }),
    ),
  },
  { additionalProperties: false },
);

const ShipmentParams = Type.Object({ id: Type.String({ maxLength: 20, description: 'Shipment id' }) });
const LinkParams = Type.Object({ id: Type.String({ maxLength: 20 }), link: Type.String({ maxLength: 20 }) });

/** A shipment id of the caller's company, or 404 (no database call for garbage). */
async function findShipmentRef(request: FastifyRequest, raw: string): Promise<{ id: string }> {
  if (!/^\d{1,18}$/.test(raw) || /^0+$/.test(raw)) throw notFound();
  const row = await findShipment(request.server.db, caller(request).profile.company_id, raw);
  if (!row) throw notFound();
  return { id: String(row.id) };
}

/** 403 for callers without write permission (limited role, no role). */
function requireWrite(request: FastifyRequest): void {
  if (!canWrite(caller(request).profile.role_id)) throw permissionDenied();
}

/** The portal's public origin: PUBLIC_URL, else the address the request came to (through a trusted proxy). */
const originOf = (request: FastifyRequest) =>
  request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;

export const shareLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);
  const tags = ['share-links'];
  const security = [{ token: [] }];
  const companyOf = (request: FastifyRequest) => caller(request).profile.company_id;

  app.get(
    '/shipments/:id/share-links/',
    {
      schema: {
        tags,
        security,
        summary: "A shipment's tracking links: active ones newest first, then the last revoked or expired",
        params: ShipmentParams,
        response: { 200: Type.Array(LinkSchema), ...errors[401], ...errors[404] },
      },
    },
    async (request) => {
      const shipment = await findShipmentRef(request, request.params.id);
      return listLinks(app.db, companyOf(request), String(shipment.id));
    },
  );

  app.post(
    '/shipments/:id/share-links/',
    {
      preValidation: async (request) => {
        await findShipmentRef(request, request.params.id);
        requireWrite(request);
      },
      schema: {
        tags,
        security,
        summary: 'Create a tracking link for the customer (its token is in this answer only)',
        description:
          `The link shows the container, carrier, ports, route, milestones, ETA and the company's name, ` +
          `nothing internal, until it expires (expires_in_days, 1–${MAX_EXPIRY_DAYS}, default ` +
          `${DEFAULT_EXPIRY_DAYS}) or is revoked. At most ${MAX_ACTIVE_LINKS} active links per shipment. ` +
          'Limited users: 403.',
        params: ShipmentParams,
        body: Type.Optional(CreateBody),
        response: {
          201: CreatedLinkSchema,
          ...errors[400](),
          ...errors[401],
          ...errors[403],
          ...errors[404],
        },
      },
    },
    async (request, reply) => {
      const shipment = await findShipmentRef(request, request.params.id);
      const auth = caller(request);
      const created = await createLink(
        app.db,
        { userId: auth.user.id, companyId: auth.profile.company_id },
        String(shipment.id),
        request.body?.expires_in_days ?? DEFAULT_EXPIRY_DAYS,
      );
      return reply.code(201).send({ ...created, url: `${originOf(request)}/t/${created.token}` });
    },
  );

  registerRevoke(app);
};

/** DELETE share-links/<id>/ and shipments/<id>/share-links/<link>/: revoke (write permission; 404 outside). */
function registerRevoke(app: Parameters<FastifyPluginAsyncTypebox>[0]) {
  const tags = ['share-links'];
  const security = [{ token: [] }];
  const companyOf = (request: FastifyRequest) => caller(request).profile.company_id;
  const revokeSchema = {
    tags,
    security,
    summary: 'Revoke a tracking link (it answers 404 at once)',
    response: { 204: Type.Null(), ...errors[401], ...errors[403], ...errors[404] },
  };
  app.delete(
    '/share-links/:id/',
    { schema: { ...revokeSchema, params: Type.Object({ id: Type.String({ maxLength: 20 }) }) } },
    async (request, reply) => {
      const id = parseIntId(request.params.id);
      requireWrite(request);
      await revokeLink(app.db, companyOf(request), id);
      return reply.code(204).send(null);
    },
  );
  app.delete(
    '/shipments/:id/share-links/:link/',
    { schema: { ...revokeSchema, params: LinkParams } },
    async (request, reply) => {
      const shipment = await findShipmentRef(request, request.params.id);
      const id = parseIntId(request.params.link);
      requireWrite(request);
      await revokeLink(app.db, companyOf(request), id, String(shipment.id));
      return reply.code(204).send(null);
    },
  );
}

export interface PublicTrackingPluginOptions {
  /** Views per client address per window (SHARE_LINK_RATE_LIMIT_MAX, default 60 a minute). */
  rateLimit?: { max: number; timeWindowMs: number };
  /** The clock (tests). */
  now?: () => Date;
}

/** Headers of every answer of a link: never indexed, never kept by any cache, never sent on as a referrer. */
const PUBLIC_HEADERS = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

/** The visitor's language: ?lang=es|en, else Accept-Language, else Spanish (the portal's first language). */
function visitorLang(request: FastifyRequest): Lang {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  if (asked === 'es' || asked === 'en') return asked;
  return langFromHeader(request.headers['accept-language'], 'es');
}

function gone(reply: FastifyReply, lang: Lang) {
  return reply.code(404).headers(PUBLIC_HEADERS).send({ detail: SHARE_TEXTS[lang].notFound });
}

const PortSchema = nullable(Type.Object({ name: Type.String(), locode: nullable(Type.String()) }));
const PublicTrackingSchema = Type.Object(
  {
    forwarder: Type.String({ description: "The forwarder's company name" }),
    containers: Type.Array(Type.String()),
    carrier: Type.Object({ name: Type.String(), scac: Type.String() }),
    pol: PortSchema,
    pod: PortSchema,
    transshipments: Type.Array(Type.Object({ name: Type.String(), locode: nullable(Type.String()) })),
    route: Type.Array(Type.Tuple([Type.Number(), Type.Number()]), {
      description: 'Planned route: [lng, lat] points along the sea from POL to POD',
    }),
    status: Type.String({ description: 'Life stage key' }),
    status_label: Type.String({ description: "The life stage in the visitor's language" }),
    eta: nullable(Type.String({ format: 'date-time', description: 'Arrival at POD: actual if arrived' })),
    arrived: Type.Boolean(),
    milestones: Type.Array(
      Type.Object({
        milestone: Type.String(),
        label: Type.String(),
        place: PortSchema,
        date: Type.String({ format: 'date-time' }),
        actual: Type.Boolean({ description: 'false: estimated or planned' }),
      }),
    ),
    lang: Type.Union([Type.Literal('es'), Type.Literal('en')]),
  },
  { title: 'PublicTracking' },
);

export const publicTrackingRoutes: FastifyPluginAsyncTypebox<PublicTrackingPluginOptions> = async (
  app,
  opts,
) => {
  const now = opts.now ?? (() => new Date());
  // Scoped to this plugin, by address: a guesser of tokens is slowed down, a customer reloading is not.
  await app.register(rateLimit, {
    // Counted in PostgreSQL: the same window in every API process.
    store: sharedRateLimitStore(app.db, 'public-tracking'),
    max: opts.rateLimit?.max ?? app.config.env.shareLinkRateLimitMax,
    timeWindow: opts.rateLimit?.timeWindowMs ?? 60_000,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiError(
        429,
        { detail: SHARE_TEXTS[visitorLang(request)].tooMany(seconds) },
        { 'Retry-After': String(seconds), ...PUBLIC_HEADERS },
      );
    },
  });

  app.get(
    '/public/tracking/:token/',
    {
      schema: {
        tags: ['share-links'],
        summary: 'What a tracking link shows (no login: the token is the credential)',
        description:
          "The customer's view of one shipment, in the visitor's language (?lang=es|en, else Accept-Language). " +
          '404 with one text for an unknown, expired or revoked link.',
        params: Type.Object({ token: Type.String({ maxLength: 100 }) }),
        querystring: Type.Object({ lang: Type.Optional(Type.String({ maxLength: 10 })) }),
        response: {
          200: PublicTrackingSchema,
          404: Type.Object({ detail: Type.String() }),
          429: Type.Object({ detail: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      const lang = visitorLang(request);
      const at = now();
      const link = await linkByToken(app.db, request.params.token, at);
      const view = link && (await publicTracking(app.db, link.shipment_id, link.company_id, lang));
      if (!link || !view) return gone(reply, lang);
      await touchLink(app.db, link, at);
      return reply.headers(PUBLIC_HEADERS).send(view);
    },
  );
};
