import { Type } from '@sinclair/typebox';

const required = (description: string, maxLength = 4096) =>
  Type.String({ minLength: 1, maxLength, description });

export const TokenBodySchema = Type.Object(
  // A username is at most 150 characters (users.username); longer ones are refused before any query.
  { username: required('Username', 150), password: required('Password') },
  { title: 'TokenRequest' },
);

export const TokenAnswerSchema = Type.Object(
  { token: Type.String({ description: '40 hex characters; send as `Authorization: Token <token>`' }) },
  { title: 'Token' },
);

export const PasswordChangeBodySchema = Type.Object(
  {
    old_password: required('Current password'),
    new_password1: required('New password: at least 8 characters, not only digits, not the username'),
    new_password2: required('New password again'),
  },
  { title: 'PasswordChange' },
);

export const DetailAnswerSchema = Type.Object({ detail: Type.String() });
