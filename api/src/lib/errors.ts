// Errors in the portal's API shapes: `{field: [messages]}` (400) or `{detail: message}`.

export type FieldErrors = Record<string, string[]>;
export type ErrorBody = FieldErrors | { detail: string };

export const MESSAGES = {
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Invalid token.',
  invalidTokenHeader: 'Invalid token header. No credentials provided.',
  tokenWithSpaces: 'Invalid token header. Token string should not contain spaces.',
  userInactive: 'User inactive or deleted.',
  permissionDenied: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  invalidPage: 'Invalid page.',
  serverError: 'A server error occurred.',
  required: 'This field is required.',
  cannotChange: 'This field cannot be changed.',
  badCredentials: 'Unable to log in with provided credentials.',
  wrongOldPassword: 'Your old password was entered incorrectly. Please enter it again.',
  passwordMismatch: 'The two password fields didn’t match.',
  passwordSaved: 'New password has been saved.',
  notZero: 'Ensure this value is not equal to 0.',
} as const;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : 'Invalid input.');
    this.name = 'ApiError';
  }
}

export const badRequest = (errors: FieldErrors) => new ApiError(400, errors);
export const notAuthenticated = (detail: string = MESSAGES.notAuthenticated) =>
  new ApiError(401, { detail }, { 'WWW-Authenticate': 'Token' });
export const permissionDenied = () => new ApiError(403, { detail: MESSAGES.permissionDenied });
export const notFound = (detail: string = MESSAGES.notFound) => new ApiError(404, { detail });

/**
 * Collects field errors; `throwIfAny()` raises one 400 with all of them. Adding is O(1) (a Set of the messages
 * seen per field, not a search of the list), so thousands of bad items cannot make a check quadratic.
 */
export class ErrorCollector {
  readonly errors: FieldErrors = {};
  private readonly seen = new Map<string, Set<string>>();
  add(field: string, message: string): void {
    let seen = this.seen.get(field);
    if (!seen) {
      seen = new Set();
      this.seen.set(field, seen);
      this.errors[field] = [];
    }
    if (seen.has(message)) return;
    seen.add(message);
    this.errors[field].push(message);
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw badRequest(this.errors);
  }
}
