// Who may change a company's free-time rules: a manager (or a superuser) with write permission, never a limited
// user and never an API key (a key reads like its owner but does not manage the company's settings).
import type { FastifyRequest } from 'fastify';
import { permissionDenied } from '../../lib/errors';
import { caller, canWrite } from '../../plugins/auth';

function mayWriteRules(request: FastifyRequest): boolean {
  const auth = caller(request);
  if (auth.apiKey || !canWrite(auth.profile.role_id)) return false;
  return auth.profile.is_manager || auth.user.is_superuser;
}

export const guardRuleWrite = async (request: FastifyRequest) => {
  if (!mayWriteRules(request)) throw permissionDenied();
};
