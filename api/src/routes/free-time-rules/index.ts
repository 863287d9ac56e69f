// /api/free-time-rules/: the company's demurrage and detention free-time rules. Every user of the company reads
// them; managers with write permission (and superusers with write permission) change them; limited users and API
// keys never do. Another company's rule is a 404 for everyone. Spreadsheet export and import: ./transfer.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { paginateList } from '../../lib/pagination';
import { parseId, parseOrdering } from '../../lib/query-params';
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
import { changeRoute, createRoute, deleteRoute, detailRoute, listRoute } from './schema';
import { freeTimeTransferRoutes } from './transfer';

const companyOf = (request: FastifyRequest) => caller(request).profile.company_id;

export const freeTimeRuleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get('/free-time-rules/', { schema: listRoute }, async (request) => {
    const raw = request.query.ordering;
    const order = raw ? parseOrdering(raw, ORDERING, { key: 'id', direction: 'asc' }) : null;
    return paginateList(request, ruleList(app.db, companyOf(request), order), (r) => r);
  });

  app.get('/free-time-rules/:id/', { schema: detailRoute }, async (request) =>
    findRule(app.db, companyOf(request), parseId(request.params.id)),
  );

  app.post(
    '/free-time-rules/',
    { preValidation: guardRuleWrite, schema: createRoute },
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
      { preValidation: findThenGuard, schema: changeRoute(full) },
      change(full),
    );
  }

  app.delete(
    '/free-time-rules/:id/',
    { preValidation: findThenGuard, schema: deleteRoute },
    async (request, reply) => {
      await deleteRule(app.db, companyOf(request), parseId(request.params.id));
      return reply.code(204).send(null);
    },
  );

  await app.register(freeTimeTransferRoutes);
};
