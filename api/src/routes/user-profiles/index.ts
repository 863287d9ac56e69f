// /api/user-profiles/: profiles of the caller's company. A profile's id is its user's id.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { UserProfile } from '../../db/types';
import { notFound, permissionDenied } from '../../lib/errors';
import { paginate } from '../../lib/pagination';
import { caller, canWrite, forgetAuth, requireAuth } from '../../plugins/auth';
import { companyProfiles, findCompanyProfile, updateProfile } from '../../services/user-profiles';
import { profileChanges } from './profile-changes';
import {
  detailRoute,
  EDITABLE_FIELD_NAMES,
  listRoute,
  patchRoute,
  profileOut,
  READ_ONLY_FIELDS,
  VIEW_PREFERENCE_FIELDS,
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

/**
 * preValidation of PATCH, before body validation: another company's id is a 404 and someone else's a 403,
 * whatever the body; a limited user may only send view preferences.
 */
async function ownProfileOnly(request: FastifyRequest) {
  const { profile } = caller(request);
  const target = await findInCompany(request, (request.params as { id: string }).id);
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
}

export const userProfileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get('/user-profiles/', { schema: listRoute }, async (request) => {
    const companyId = caller(request).profile.company_id;
    const profiles = companyProfiles(app.db, companyId);
    return paginate(request, await profiles.count(), async (limit, offset) =>
      (await profiles.page(limit, offset)).map(profileOut),
    );
  });

  app.get('/user-profiles/:id/', { schema: detailRoute }, async (request) =>
    profileOut(await findInCompany(request, request.params.id)),
  );

  app.patch('/user-profiles/:id/', { preValidation: ownProfileOnly, schema: patchRoute }, async (request) => {
    const target = targets.get(request) ?? (await findInCompany(request, request.params.id));
    const changes = await profileChanges(app.db, target, request.body);
    if (Object.keys(changes).length === 0) return profileOut(target);
    const updated = await updateProfile(app.db, target.id, changes);
    forgetAuth(app.db, target.id);
    return profileOut(updated);
  });
};
