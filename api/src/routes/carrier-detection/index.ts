// Carrier detection (services/carrier-detection): GET carriers/detect/ names the carrier(s) of a container,
// booking or B/L number for the caller's company; carrier-prefix-overrides/ lists the company's own prefix
// mappings (any user of the company) and creates / deletes them (managers with write permission only).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, badRequest, MESSAGES } from '../../lib/errors';
import { parseId } from '../../lib/query-params';
import { valueText } from '../../lib/validation';
import { caller, requireAuth, requireManager } from '../../plugins/auth';
import {
  createOverride,
  deleteOverride,
  detectCarrier,
  DETECT_KINDS,
  listOverrides,
  NUMBER_MAX,
  type DetectKind,
} from '../../services/carrier-detection';
import { createOverrideRoute, deleteOverrideRoute, detectRoute, listOverridesRoute } from './schema';

/** Bodies are checked by the service (every message at once); only an object is required here. */
const anyObject = () => (value: unknown) =>
  value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value))
    ? { value: value ?? {} }
    : { error: new ApiError(400, { non_field_errors: ['Invalid data. Expected a dictionary.'] }) };

/** `number` and `kind` of the detect call, or 400 with every problem. */
function detectQuery(query: { number?: unknown; kind?: unknown }): { number: string; kind: DetectKind } {
  const errs: Record<string, string[]> = {};
  const number = typeof query.number === 'string' ? query.number.trim() : '';
  if (query.number !== undefined && typeof query.number !== 'string') errs.number = ['Not a valid string.'];
  else if (number === '') errs.number = [MESSAGES.required];
  else if (number.length > NUMBER_MAX)
    errs.number = [`Ensure this field has no more than ${NUMBER_MAX} characters.`];
  const kind = query.kind;
  if (kind !== undefined && typeof kind !== 'string') errs.kind = ['Not a valid string.'];
  else if (kind === undefined || kind === '') errs.kind = [MESSAGES.required];
  else if (!(DETECT_KINDS as readonly unknown[]).includes(kind))
    errs.kind = [`"${valueText(kind)}" is not a valid choice.`];
  if (Object.keys(errs).length) throw badRequest(errs);
  return { number, kind: kind as DetectKind };
}

export const carrierDetectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get('/carriers/detect/', { schema: detectRoute }, async (request) => {
    const { number, kind } = detectQuery(request.query);
    const detection = await detectCarrier(app.db, caller(request).profile.company_id, number, kind);
    return { number: number.toUpperCase().replace(/\s+/g, ''), kind, ...detection };
  });

  app.get('/carrier-prefix-overrides/', { schema: listOverridesRoute }, async (request) =>
    listOverrides(app.db, caller(request).profile.company_id),
  );

  app.post(
    '/carrier-prefix-overrides/',
    { validatorCompiler: anyObject, schema: createOverrideRoute },
    async (request, reply) => {
      const { user, profile } = requireManager(request);
      const body = request.body as Record<string, unknown>;
      return reply.code(201).send(await createOverride(app.db, profile.company_id, user.id, body));
    },
  );

  app.delete('/carrier-prefix-overrides/:id/', { schema: deleteOverrideRoute }, async (request, reply) => {
    const { profile } = requireManager(request);
    await deleteOverride(app.db, profile.company_id, parseId(request.params.id));
    return reply.code(204).send(null);
  });
};
