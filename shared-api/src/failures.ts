// The one error path of the front end's HTTP calls: the ky requests, the XHR upload and the file
// download all turn a failed call into an ApiError here, in the same way:
// - an HTTP error answer keeps its status and parsed body, and a 401 to a stored token ends the session (the
//   guards then send the user to the login page);
// - a timeout and an unreachable server become status 0 with a `detail` message in the user's language.
import { HTTPError } from 'ky';
import { getApiConfig } from './config';
import { ApiError } from './errors';
import { sessionStore } from './session';

export type FailureKind = 'network' | 'timeout';

const TEXTS: Record<'en' | 'es', Record<FailureKind, string>> = {
  en: {
    network: 'Cannot reach the server. Check your connection and try again.',
    timeout: 'The server took too long to answer. Try again.',
  },
  es: {
    network: 'No se puede conectar con el servidor. Compruebe su conexión y vuelva a intentarlo.',
    timeout: 'El servidor ha tardado demasiado en responder. Vuelva a intentarlo.',
  },
};

/** The message of a failed connection, in the language the API configuration reports. */
export function failureMessage(kind: FailureKind): string {
  const lang = getApiConfig().language();
  return TEXTS[lang === 'en' ? 'en' : 'es'][kind];
}

/** A call that got no answer: status 0, with the message as `detail` (what notifications show). */
export function connectionFailure(kind: FailureKind, cause?: string): ApiError {
  return new ApiError(0, { detail: [failureMessage(kind)] }, cause ?? failureMessage(kind));
}

/** Parses an error answer's text: JSON when it is JSON, else the text itself, null when empty. */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An error answer from the API; a 401 to a stored token ends the session on this device. */
export function answerFailure(status: number, body: unknown): ApiError {
  if (status === 401 && sessionStore.getState().token) sessionStore.getState().logout();
  return new ApiError(status, body);
}

/** Maps what a ky call threw to an ApiError (anything unexpected, such as an abort, is returned as is). */
export async function toApiFailure(error: unknown): Promise<unknown> {
  if (error instanceof HTTPError) {
    const text = await error.response
      .clone()
      .text()
      .catch(() => '');
    return answerFailure(error.response.status, parseBody(text));
  }
  // Checked by name, not instanceof: fetch's errors may come from another realm (a worker, a test VM).
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  const cause = typeof message === 'string' ? message : undefined;
  if (name === 'TimeoutError') return connectionFailure('timeout', cause);
  // fetch rejects with a TypeError when no answer came (refused, reset, DNS, offline)
  if (name === 'TypeError') return connectionFailure('network', cause);
  return error;
}
