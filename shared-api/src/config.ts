// Where the API lives. The shell configures it once at boot; a remote running alone configures it in its own
// bootstrap. Because shared-api is a Module Federation singleton, every remote sees the same configuration.

export interface ApiConfig {
  /** Base URL of the API, e.g. '/api/' (same origin, through the shell's server) or 'http://localhost:8000/api/'. */
  baseUrl: string;
  /** Append a trailing slash to every path unless the call disables it (spec section 7). */
  appendSlash: boolean;
  /** Request timeout in milliseconds. */
  timeout: number;
  /**
   * The user's language ('es' or 'en'), asked at each call: sent as Accept-Language so the server's texts
   * follow it, and used for the messages of calls that got no answer. The portal's i18n setup provides it.
   */
  language: () => string;
}

const DEFAULT_CONFIG: ApiConfig = {
  baseUrl: '/api/',
  appendSlash: true,
  timeout: 30000,
  language: () => 'es',
};
let current: ApiConfig = { ...DEFAULT_CONFIG };

export function configureApi(config: Partial<ApiConfig>): ApiConfig {
  current = { ...current, ...config };
  if (!current.baseUrl.endsWith('/')) current.baseUrl += '/';
  return current;
}

export function getApiConfig(): ApiConfig {
  return current;
}

export function resetApiConfig(): void {
  current = { ...DEFAULT_CONFIG };
}
