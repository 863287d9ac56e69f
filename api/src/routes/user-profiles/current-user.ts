// GET and PATCH /api/rest-auth/user/: the caller, with their profile.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { User, UserProfile } from '../../db/types';
import { ErrorCollector, MESSAGES, permissionDenied } from '../../lib/errors';
import { errors } from '../../lib/schemas';
import { caller, canWrite, forgetAuth, requireAuth } from '../../plugins/auth';
import { updateUserName } from '../../services/user-profiles';
import { profileOut } from './schema';
import { CurrentUserPatchSchema, CurrentUserSchema } from './current-user-schema';

function currentUserOut(user: User, profile: UserProfile) {
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_superuser: user.is_superuser,
    userprofile: profileOut(profile),
  };
}

export const currentUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/rest-auth/user/',
    {
      schema: {
        tags: ['users'],
        summary: 'The logged-in user and their profile',
        security: [{ token: [] }],
        response: { 200: CurrentUserSchema, ...errors[401] },
      },
    },
    async (request) => {
      const { user, profile } = caller(request);
      return currentUserOut(user, profile);
    },
  );

  app.patch(
    '/rest-auth/user/',
    {
      schema: {
        tags: ['users'],
        summary: "Change the logged-in user's first and last name",
        description:
          'username and email are read-only: sending a different value is a 400 and nothing is saved; ' +
          'the same value is accepted, so the whole object may be sent back. Limited role: 403.',
        security: [{ token: [] }],
        body: CurrentUserPatchSchema,
        response: { 200: CurrentUserSchema, ...errors[400](), ...errors[401], ...errors[403] },
      },
    },
    async (request) => {
      const { user, profile } = caller(request);
      // Edit User needs write permission (spec section 6): the limited role reads its name, never writes it.
      if (!canWrite(profile.role_id)) throw permissionDenied();
      const body = request.body;
      const problems = new ErrorCollector();
      if (body.username !== undefined && body.username !== user.username) {
        problems.add('username', MESSAGES.cannotChange);
      }
      if (body.email !== undefined && body.email !== user.email) problems.add('email', MESSAGES.cannotChange);
      problems.throwIfAny();
      const changes: { first_name?: string; last_name?: string } = {};
      if (body.first_name !== undefined) changes.first_name = body.first_name.trim();
      if (body.last_name !== undefined) changes.last_name = body.last_name.trim();
      let updated = user;
      if (Object.keys(changes).length > 0) {
        updated = await updateUserName(app.db, user.id, changes);
        forgetAuth(app.db, user.id);
      }
      return currentUserOut(updated, profile);
    },
  );
};
