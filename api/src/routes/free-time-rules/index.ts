// /api/free-time-rules/: the company's demurrage and detention free-time rules. Every user of the company reads
// them; managers with write permission (and superusers with write permission) change them; limited users and API
// keys never do. Another company's rule is a 404 for everyone. Spreadsheet export and import: ./transfer.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { paginateList } from '../../lib/pagination';
import { parseId, parseOrdering } from '../../lib/query-params';
import { errors, idWriteErrors, Paged } from '../../lib/schemas';
import { caller, requireAuth } from '../../plugins/auth';
import {
  checkOne,
  createRule,
  deleteRule,
  findRule,
  FREE_TIME_RULE_ORDERING as ORDERING,
  ruleList,
  scopeClash,
  updateRule,
} from '../../services/free-time-rules';
import { mergeRule, RULE_DEFAULTS, type RuleBody } from '../../services/free-time-rules/input';
import { guardRuleWrite } from './guard';
import { FreeTimeRuleSchema, FreeTimeRuleWriteSchema } from './schema';
import { freeTimeTransferRoutes } from './transfer';

const TAG = 'free-time-rules';
const WRITE_RULE =
  'Managers with write permission (or superusers with write permission) only; others 403. After the change the ' +
  "company's containers are recomputed in the background.";

const params = Type.Object({ id: Type.String({ maxLength: 12, description: 'Rule id' }) });
const companyOf = (request: FastifyRequest) => caller(request).profile.company_id;

export const freeTimeRuleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/free-time-rules/',
    {
      schema: {
        tags: [TAG],
        summary: "Your company's free-time rules (paged by 30)",
        description:
          'Default order: the most general rules first (any carrier, any port, any type), then by carrier, port ' +
          'and container type. The most specific rule that fits a container applies (carrier 4, port 2, type 1 ' +
          'points; the scope is unique per company, so there is never a tie).',
        security: [{ token: [] }],
        querystring: Type.Object({
          page: Type.Optional(Type.String({ maxLength: 12, description: 'Page number, from 1' })),
          ordering: Type.Optional(
            Type.String({
              maxLength: 40,
              description: `One of ${ORDERING.join(', ')}; prefix - for descending`,
            }),
          ),
        }),
        response: {
          200: Paged(FreeTimeRuleSchema, 'FreeTimeRulePage'),
          ...errors[400](),
          ...errors[401],
          ...errors[404],
        },
      },
    },
    async (request) => {
      const raw = request.query.ordering;
      const order = raw ? parseOrdering(raw, ORDERING, { key: 'id', direction: 'asc' }) : null;
      return paginateList(request, ruleList(app.db, companyOf(request), order), (r) => r);
    },
  );

  app.get(
    '/free-time-rules/:id/',
    {
      schema: {
        tags: [TAG],
        summary: 'One free-time rule',
        security: [{ token: [] }],
        params,
        response: { 200: FreeTimeRuleSchema, ...errors[401], ...errors[404] },
      },
    },
    async (request) => findRule(app.db, companyOf(request), parseId(request.params.id)),
  );

  app.post(
    '/free-time-rules/',
    {
      preValidation: guardRuleWrite,
      schema: {
        tags: [TAG],
        summary: 'Create a free-time rule',
        description: `${WRITE_RULE} One rule per scope (carrier, port, container type; null = any).`,
        security: [{ token: [] }],
        body: FreeTimeRuleWriteSchema,
        response: { 201: FreeTimeRuleSchema, ...errors[400](), ...errors[401], ...errors[403] },
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request);
      const input = mergeRule(RULE_DEFAULTS, request.body as RuleBody);
      await checkOne(app.db, companyId, input, null);
      const rule = await createRule(app.db, companyId, input).catch(scopeClash);
      return reply.code(201).send(rule);
    },
  );

  const change = (full: boolean) => async (request: FastifyRequest) => {
    const companyId = companyOf(request);
    const current = await findRule(app.db, companyId, parseId((request.params as { id: string }).id));
    const input = mergeRule(full ? RULE_DEFAULTS : current, request.body as RuleBody);
    await checkOne(app.db, companyId, input, current.id);
    return updateRule(app.db, companyId, current.id, input).catch(scopeClash);
  };
  // Tenancy first: another company's id is a 404 even for a user who may not write.
  const findThenGuard = async (request: FastifyRequest) => {
    await findRule(app.db, companyOf(request), parseId((request.params as { id: string }).id));
    await guardRuleWrite(request);
  };

  for (const [method, full] of [
    ['put', true],
    ['patch', false],
  ] as const) {
    app[method](
      '/free-time-rules/:id/',
      {
        preValidation: findThenGuard,
        schema: {
          tags: [TAG],
          summary: full
            ? 'Replace a free-time rule (fields left out take their defaults)'
            : 'Change some fields of a free-time rule',
          description: WRITE_RULE,
          security: [{ token: [] }],
          params,
          body: FreeTimeRuleWriteSchema,
          response: { 200: FreeTimeRuleSchema, ...idWriteErrors() },
        },
      },
      change(full),
    );
  }

  app.delete(
    '/free-time-rules/:id/',
    {
      preValidation: findThenGuard,
      schema: {
        tags: [TAG],
        summary: 'Delete a free-time rule',
        description: WRITE_RULE,
        security: [{ token: [] }],
        params,
        response: {
          204: Type.Null({ description: 'Deleted' }),
          ...errors[401],
          ...errors[403],
          ...errors[404],
        },
      },
    },
    async (request, reply) => {
      await deleteRule(app.db, companyOf(request), parseId(request.params.id));
      return reply.code(204).send(null);
    },
  );

  await app.register(freeTimeTransferRoutes);
};
