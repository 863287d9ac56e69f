// The "products backend send-mail endpoint" of spec section 7, as its own Fastify plugin: registered in app.ts
// under /api/products, so POST /api/products/send-mail/. It validates with the contact form's rules and
// messages, stores every request, then queues its e-mail to the sales address (services/contact/delivery.ts). Abuse limits:
// a per-address rate limit (@fastify/rate-limit, scoped to this plugin), a body size limit and a honeypot.
import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from '../../services/rate-limits';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { ApiError, badRequest } from '../../lib/errors';
import type { Mailer } from '../../mail';
import {
  startContactDelivery,
  type ContactDelivery,
  type DeliveryOptions,
} from '../../services/contact/delivery';
import { CONTACT_MESSAGES, languageOf, validateContact } from '../../services/contact/messages';
import { contactDb } from '../../services/contact/store';

/** The fixed product identifier the public site sends (spec section 3). */
export const CONTACT_PRODUCT = 'container-tracking-portal';

export interface ContactPluginOptions {
  /** Mail transport (app.ts: from SMTP_URL / MAIL_FROM). Default null: requests are stored, none is mailed. */
  mailer?: Mailer | null;
  /** Where requests are mailed (app.ts: CONTACT_SALES_EMAIL; default sales@localhost). */
  salesAddress?: string;
  /** Requests per address per window (app.ts: CONTACT_RATE_LIMIT_*; default 5 per 10 minutes). */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Largest accepted body in bytes (default 16 KiB). */
  bodyLimit?: number;
  delivery?: DeliveryOptions;
  log?: (message: string) => void;
}

const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

const ContactBody = Type.Object(
  {
    name: text(150),
    email: text(254),
    phone: text(40),
    company: text(150),
    comments: text(5000),
    product: text(60),
    language: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('es')])),
    terms: Type.Optional(Type.Boolean()),
    website: text(200),
  },
  { additionalProperties: false },
);

const Answer = Type.Object({ detail: Type.String() });

export const contactRoutes: FastifyPluginAsyncTypebox<ContactPluginOptions> = async (app, opts) => {
  const log = opts.log ?? ((m: string) => app.log.warn(m));
  const mailer = opts.mailer ?? null;
  const salesAddress = opts.salesAddress ?? 'sales@localhost';
  const db = app.db as unknown as Kysely<unknown>;

  let delivery: ContactDelivery | null = null;
  if (mailer) {
    delivery = await startContactDelivery({ db, mailer, salesAddress, log }, opts.delivery);
    app.addHook('onClose', async () => delivery?.stop());
  } else {
    app.log.warn('SMTP_URL is not set: contact requests are stored but not mailed.');
  }

  // Scoped to this plugin: only the contact endpoint is limited. Keyed by the client address (request.ip,
  // which honours trustProxy when the API runs behind the portal's proxy).
  await app.register(rateLimit, {
    // Counted in PostgreSQL: the same window in every API process.
    store: sharedRateLimitStore(app.db, 'contact'),
    max: opts.rateLimit?.max ?? 5,
    timeWindow: opts.rateLimit?.timeWindowMs ?? 10 * 60_000,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (request, context) => {
      // Counted before the body is read (so refused bodies count too): the language comes from the header.
      const lang = /^en\b/i.test(String(request.headers['accept-language'] ?? '')) ? 'en' : 'es';
      return new ApiError(
        429,
        { detail: CONTACT_MESSAGES[lang].tooMany },
        { 'Retry-After': String(Math.ceil(context.ttl / 1000)) },
      );
    },
  });

  app.post(
    '/send-mail/',
    {
      bodyLimit: opts.bodyLimit ?? 16 * 1024,
      schema: {
        tags: ['contact'],
        summary: 'Request information (public contact form)',
        body: ContactBody,
        response: { 201: Answer },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // Honeypot: a person never sees the `website` field. Answer as if accepted, keep nothing.
      if (body.website?.trim()) {
        request.log.info({ ip: request.ip }, 'contact honeypot filled; request dropped');
        return reply.code(201).send({ detail: 'request success' });
      }
      const errors = validateContact(body);
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      const row = await contactDb(db)
        .insertInto('contact_requests')
        .values({
          name: body.name!.trim(),
          email: body.email!.trim(),
          phone: body.phone?.trim() ?? '',
          company: body.company!.trim(),
          comments: body.comments?.trim() ?? '',
          product: body.product?.trim() || CONTACT_PRODUCT,
          language: languageOf(body.language),
          client_address: request.ip.slice(0, 64),
          last_error: null,
          last_attempt_at: null,
          sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Stored: from here the request cannot be lost. A queue hiccup is caught by the sweep.
      if (delivery) {
        await delivery
          .enqueue(row.id)
          .catch((err: Error) => log(`Contact request ${row.id}: ${err.message}`));
      }
      return reply.code(201).send({ detail: 'request success' });
    },
  );
};
