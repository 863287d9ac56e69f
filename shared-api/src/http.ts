// The only HTTP client of the frontend: a ky instance with the API's conventions (spec section 7).
import ky, { type KyInstance, type Options } from 'ky';
import { getApiConfig } from './config';
import { parseBody, toApiFailure } from './failures';
import { buildUrl, toSearchParams, type Query } from './query';
import { sessionStore } from './session';

export interface RequestOptions {
  query?: Query;
  json?: unknown;
  body?: BodyInit;
  /** Set false for the few paths without a trailing slash (the bulk upload). */
  appendSlash?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

let instance: KyInstance | null = null;

/**
 * The shared ky instance: the Token header from the session, the user's language as Accept-Language, no retries
 * on writes, the configured timeout.
 */
export function http(): KyInstance {
  if (!instance) {
    instance = ky.create({
      retry: { limit: 1, methods: ['get'], statusCodes: [502, 503, 504] },
      hooks: {
        beforeRequest: [
          (request) => {
            const token = sessionStore.getState().token;
            if (token) request.headers.set('Authorization', `Token ${token}`);
            request.headers.set('Accept-Language', getApiConfig().language());
          },
        ],
      },
    });
  }
  return instance;
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

/** Sends a request and returns the parsed JSON answer; failures throw ApiError with the parsed error body. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const config = getApiConfig();
  const url = buildUrl(config.baseUrl, path, options.appendSlash ?? config.appendSlash);
  const kyOptions: Options = {
    method,
    searchParams: toSearchParams(options.query),
    timeout: config.timeout,
    signal: options.signal,
    headers: options.headers,
  };
  if (options.json !== undefined) kyOptions.json = options.json;
  if (options.body !== undefined) kyOptions.body = options.body;
  try {
    const response = await http()(url, kyOptions);
    return (await readBody(response)) as T;
  } catch (error) {
    throw await toApiFailure(error);
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, json }),
  put: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, json }),
  patch: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, json }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
