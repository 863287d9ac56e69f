// Errors from the API and their mapping to the notification body of spec section 8:
// each response field name as a label followed by its message(s).

export type ErrorBody = Record<string, unknown>;

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    super(message ?? `API request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The messages of one field, e.g. err.fieldErrors('username'). */
  fieldErrors(field: string): string[] {
    const body = this.body;
    if (!body || typeof body !== 'object') return [];
    return toMessages((body as ErrorBody)[field]);
  }
}

export interface NotificationBodyEntry {
  label: string;
  messages: string[];
}

function toMessages(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((v) => toMessages(v));
  if (typeof value === 'object') {
    return Object.entries(value as ErrorBody).flatMap(([k, v]) => toMessages(v).map((m) => `${k}: ${m}`));
  }
  // A JSON body leaves only strings, numbers and booleans here (objects and arrays are taken apart above).
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? [String(value)]
    : [];
}

/** Maps any thrown value to the label/messages list a notification body shows. */
export function errorToNotificationBody(error: unknown): NotificationBodyEntry[] {
  if (error instanceof ApiError) {
    const body = error.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const entries = Object.entries(body as ErrorBody)
        .map(([label, value]) => ({ label, messages: toMessages(value) }))
        .filter((e) => e.messages.length > 0);
      if (entries.length > 0) return entries;
    }
    if (typeof body === 'string' && body.trim() !== '') {
      return [{ label: String(error.status), messages: [body.trim().slice(0, 300)] }];
    }
    return [{ label: String(error.status), messages: [error.message] }];
  }
  if (error instanceof Error) return [{ label: 'error', messages: [error.message] }];
  return [{ label: 'error', messages: [String(error)] }];
}
