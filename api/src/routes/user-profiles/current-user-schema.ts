import { Type } from '@sinclair/typebox';
import { UserProfileSchema } from './schema';

export const CurrentUserSchema = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String({ description: 'Read-only' }),
    first_name: Type.String(),
    last_name: Type.String(),
    email: Type.String({ description: 'Read-only' }),
    is_superuser: Type.Boolean(),
    userprofile: UserProfileSchema,
  },
  { title: 'CurrentUser' },
);

export const CurrentUserPatchSchema = Type.Object(
  {
    first_name: Type.Optional(Type.String({ maxLength: 150 })),
    last_name: Type.Optional(Type.String({ maxLength: 150 })),
    username: Type.Optional(
      Type.String({ maxLength: 150, description: 'Read-only: accepted only if unchanged' }),
    ),
    email: Type.Optional(
      Type.String({ maxLength: 254, description: 'Read-only: accepted only if unchanged' }),
    ),
  },
  { title: 'CurrentUserPatch', description: 'Unknown fields (userprofile included) are ignored.' },
);
