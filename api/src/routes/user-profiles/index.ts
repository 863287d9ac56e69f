// /api/user-profiles/: profiles of the caller's company. A profile's id is its user's id.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { UserProfile } from '../../db/types';
import { ErrorCollector, MESSAGES, notFound, permissionDenied } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { errors, PageQuerySchema, Paged, idWriteErrors } from '../../lib/schemas';
import { caller, canWrite, forgetAuth, requireAuth } from '../../plugins/auth';
import {
  companyProfiles,
  findCompanyProfile,
  knownEventCodes,
  updateProfile,
} from '../../services/user-profiles';
import {
  EDITABLE_FIELD_NAMES,
  JSON_FIELDS,
  READ_ONLY_FIELDS,
  UserProfilePatchSchema,
  UserProfileSchema,
  VIEW_PREFERENCE_FIELDS,
  profileOut,
} from './schema';

/** The profile `id` of the caller's company, or 404. */
async function findInCompany(request: FastifyRequest, rawId: unknown): Promise<UserProfile> {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1 || id > 2 ** 31 - 1) throw notFound();
  const profile = await findCompanyProfile(request.server.db, caller(request).profile.company_id, id);
  if (!profile) throw notFound();
  return profile;
}

const targets = new WeakMap<FastifyRequest, UserProfile>();

export const userProfileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/user-profiles/',
    {
      schema: {
        tags: ['user-profiles'],
        summary: "Profiles of the caller's company (paged by 30)",
        security: [{ token: [] }],
        querystring: PageQuerySchema,
        response: { 200: Paged(UserProfileSchema, 'UserProfilePage'), ...errors[401], ...errors[404] },
      },
    },
    async (request) => {
      const companyId = caller(request).profile.company_id;
      const profiles = companyProfiles(app.db, companyId);
      return paginate(request, await profiles.count(), async (limit, offset) =>
        (await profiles.page(limit, offset)).map(profileOut),
      );
    },
  );

  app.get(
    '/user-profiles/:id/',
    {
      schema: {
        tags: ['user-profiles'],
        summary: 'One profile of the caller’s company (id = user id)',
        security: [{ token: [] }],
        params: Type.Object({ id: Type.String({ description: 'Profile id (= user id)' }) }),
        response: { 200: UserProfileSchema, ...errors[401], ...errors[404] },
      },
    },
    async (request) => profileOut(await findInCompany(request, request.params.id)),
  );

  app.patch(
    '/user-profiles/:id/',
    {
      // Before body validation: another company's id is a 404 and someone else's a 403,
      // whatever the body; a limited user may only send view preferences.
      preValidation: async (request) => {
        const { profile } = caller(request);
        const target = await findInCompany(request, request.params.id);
        if (target.id !== profile.id) throw permissionDenied();
        if (!canWrite(profile.role_id)) {
          const body = request.body;
          const keys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
          const allowed = new Set<string>([...VIEW_PREFERENCE_FIELDS, ...READ_ONLY_FIELDS]);
          if (keys.some((k) => (EDITABLE_FIELD_NAMES as string[]).includes(k) && !allowed.has(k))) {
            throw permissionDenied();
          }
        }
        targets.set(request, target);
      },
      schema: {
        tags: ['user-profiles'],
        summary: 'Change your own profile',
        description:
          'Only your own profile (another company’s id: 404; a colleague’s: 403). Limited users (role 2) ' +
          'may only change shipments_fields and trackings_fields (403 otherwise). company, role and ' +
          'is_manager are read-only. days_in_advance is stored as -abs(n). All or nothing.',
        security: [{ token: [] }],
        params: Type.Object({ id: Type.String({ description: 'Profile id (= user id)' }) }),
        body: UserProfilePatchSchema,
        response: {
          200: UserProfileSchema,
          ...idWriteErrors(),
        },
      },
    },
    async (request) => {
      const target = targets.get(request) ?? (await findInCompany(request, request.params.id));
      const body = request.body as Record<string, unknown>;
      const problems = new ErrorCollector();
      const current: Record<(typeof READ_ONLY_FIELDS)[number], unknown> = {
        company: target.company_id,
        role: target.role_id,
        is_manager: target.is_manager,
      };
      for (const field of READ_ONLY_FIELDS) {
        if (body[field] !== undefined && body[field] !== current[field])
          problems.add(field, MESSAGES.cannotChange);
      }
      const changes: Record<string, unknown> = {};
      for (const field of EDITABLE_FIELD_NAMES) {
        if (body[field] === undefined) continue;
        let value = body[field];
        if (field === 'days_in_advance' || field === 'email_report_days_in_advance') {
          if (value === 0) problems.add(field, MESSAGES.notZero);
          value = -Math.abs(value as number);
        }
        changes[field] = JSON_FIELDS.includes(field) ? JSON.stringify(value) : value;
      }
      // Attention-required codes must be codes of GET /api/event-codes/ (one query for both lists).
      const codeFields = ['attention_required_event_codes', 'email_report_attention_required_event_codes'];
      const sent = codeFields.flatMap((f) => (Array.isArray(body[f]) ? (body[f] as number[]) : []));
      if (sent.length > 0) {
        const known = await knownEventCodes(app.db, [...new Set(sent)]);
        for (const field of codeFields) {
          const list = body[field];
          if (!Array.isArray(list)) continue;
          const unknown = [...new Set(list as number[])].filter((c) => !known.has(c));
          for (const code of unknown) problems.add(field, `Invalid pk "${code}" - object does not exist.`);
          if (unknown.length === 0) changes[field] = JSON.stringify([...new Set(list as number[])]);
        }
      }
      problems.throwIfAny();
      if (Object.keys(changes).length === 0) return profileOut(target);
      const updated = await updateProfile(app.db, target.id, changes);
      forgetAuth(app.db, target.id);
      return profileOut(updated);
    },
  );
};
