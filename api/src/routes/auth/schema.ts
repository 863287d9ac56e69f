import { Type } from '@sinclair/typebox';
import { errors } from '../../lib/schemas';
import type { LoginThrottle } from '../../types';

const required = (description: string, maxLength = 4096) =>
  Type.String({ minLength: 1, maxLength, description });

const TokenBodySchema = Type.Object(
  // A username is at most 150 characters (users.username); longer ones are refused before any query.
  { username: required('Username', 150), password: required('Password') },
  { title: 'TokenRequest' },
);

const TokenAnswerSchema = Type.Object(
  { token: Type.String({ description: '40 hex characters; send as `Authorization: Token <token>`' }) },
  { title: 'Token' },
);

const PasswordChangeBodySchema = Type.Object(
  {
    old_password: required('Current password'),
    new_password1: required('New password: at least 8 characters, not only digits, not the username'),
    new_password2: required('New password again'),
  },
  { title: 'PasswordChange' },
);

const DetailAnswerSchema = Type.Object({ detail: Type.String() });

// The route schemas, in the order the routes are registered (that order is the OpenAPI document's).
/** POST /token/, with the throttle's limits (configuration). */
export const tokenRoute = (loginThrottle: LoginThrottle) => ({
  tags: ['auth'],
  summary: 'Log in: exchange username and password for a token',
  description:
    `Failed attempts are throttled: ${loginThrottle.perUsername} per username from one client address, ` +
    `${loginThrottle.perAddress} per client address and ${loginThrottle.perAccount} per username from all ` +
    `addresses in ${loginThrottle.windowSeconds / 60} minutes (429 with Retry-After). The last limit does ` +
    "not apply from the account's usual addresses (a successful login before), and a device that logged " +
    'in to the account before (HttpOnly cookie `portal_device`) is not locked out by the failures of ' +
    'others. The owner is told by e-mail when a lockout begins. A successful login resets the counter of ' +
    'its address. Tokens expire after a time without use and after a maximum age.',
  body: TokenBodySchema,
  response: {
    200: TokenAnswerSchema,
    ...errors[400](
      'Missing fields, or `{non_field_errors: ["Unable to log in with provided credentials."]}`',
    ),
    ...errors[429],
  },
});

/** POST /rest-auth/logout/ */
export const logoutRoute = {
  tags: ['auth'],
  summary: 'Log out: the token of this request stops working at once',
  security: [{ token: [] }],
  response: { 200: DetailAnswerSchema, ...errors[401] },
};

/** POST /rest-auth/password/change/ */
export const passwordChangeRoute = {
  tags: ['auth'],
  summary: "Change the caller's password",
  description:
    'Rules: at least 8 characters, not entirely numeric, not the username. Nothing changes on any error. ' +
    "The user's other tokens stop working; the one of this request keeps working.",
  security: [{ token: [] }],
  body: PasswordChangeBodySchema,
  response: { 200: DetailAnswerSchema, ...errors[400](), ...errors[401] },
};
