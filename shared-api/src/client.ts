// The typed face of the API client. A call names a path of the API's OpenAPI document (generated/openapi.ts)
// and a method that path has; the path parameters, query, body and answer are read from that one operation, so a
// call cannot pair a path with another path's answer. This layer only builds the URL and constrains the types:
// the request itself is `api` (http.ts), with its base URL, token, language header, errors and retries.
//
// A client is made from the `api` and `downloadApiFile` it is given (createApiClient) rather than importing them:
// remotes make theirs from the page's @portal/shared-api singleton (public-client.ts, the entry point
// `@portal/shared-api/client`, which is not shared and so is bundled into each remote). So the singleton's
// surface does not change, and a page whose shell predates the typed client still runs today's remotes (ADR 0009).
import type { ApiAnswer, Method, Operation } from './contract';
import type { downloadApiFile } from './download';
import type { paths } from './generated/openapi';
import type { api, RequestOptions } from './http';
import type { Query, QueryValue } from './query';

/** The paths of the API's document that have `method`. */
export type ApiPath<M extends Method = 'get'> = {
  [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P;
}[keyof paths];

type PathParams<O> = O extends { parameters: { path: infer A } } ? A : never;
type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/**
 * A query value as the caller may give it: the API reads every value from the query string, so a free string may
 * be given as a number or boolean too; an enumeration stays one, an array repeats the key, null and undefined
 * leave the key out.
 */
type Loose<T> = unknown extends T
  ? QueryValue
  : T extends readonly (infer E)[]
    ? readonly Loose<E>[]
    : T extends string
      ? string extends T
        ? string | number | boolean
        : T
      : T;
type TypedQuery<Q> = { [K in keyof Q]?: Loose<NonNullable<Q[K]>> | null };

type ParamsPart<O> = [PathParams<O>] extends [never]
  ? { params?: never }
  : { params: { [K in keyof PathParams<O>]: string | number } };
type QueryPart<O> = [QueryParams<O>] extends [never]
  ? { query?: never }
  : { query?: TypedQuery<QueryParams<O>> };
type ContentPart<C, Required extends boolean> = C extends { 'application/json': infer B }
  ? Required extends true
    ? { json: B; form?: never }
    : { json?: B; form?: never }
  : C extends { 'multipart/form-data': unknown }
    ? Required extends true
      ? { form: FormData; json?: never }
      : { form?: FormData; json?: never }
    : { json?: never; form?: never };
type BodyPart<O> = O extends { requestBody?: never }
  ? { json?: never; form?: never }
  : O extends { requestBody: { content: infer C } }
    ? ContentPart<C, true>
    : O extends { requestBody?: { content: infer C } }
      ? ContentPart<C, false>
      : { json?: never; form?: never };

/** Where `path` fills its parameters from, and the query it takes (what a download needs). */
type ApiTarget<P extends keyof paths, M extends Method = 'get'> = ParamsPart<Operation<P, M>> &
  QueryPart<Operation<P, M>>;

/** Everything a call of `method path` takes besides the path: parameters, query, body, abort signal, headers. */
export type ApiCallOptions<P extends keyof paths, M extends Method> = ApiTarget<P, M> &
  BodyPart<Operation<P, M>> & { signal?: AbortSignal; headers?: Record<string, string> };

/** The options argument: required when the operation has path parameters or a required body. */
type Rest<T> = object extends T ? [options?: T] : [options: T];

interface LooseOptions {
  params?: Record<string, string | number>;
  query?: Query;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * The path of a document path relative to the API base, parameters filled in (URI-encoded), and whether the
 * configured trailing slash applies: a path the document writes without one (the bulk upload and template) is
 * sent without one.
 */
export function apiPath(
  template: keyof paths,
  params: Record<string, string | number> = {},
): { path: string; appendSlash: boolean } {
  const filled = template.replace(/^\/api\//, '').replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  return filled.endsWith('/')
    ? { path: filled.slice(0, -1), appendSlash: true }
    : { path: filled, appendSlash: false };
}

/** The request options `api` takes, with only what the call gave (so a call is sent as a hand-written one was). */
function requestOptions(options: LooseOptions, appendSlash: boolean): RequestOptions {
  const request: RequestOptions = {};
  if (options.query !== undefined) request.query = options.query;
  if (options.form !== undefined) request.body = options.form;
  if (options.signal !== undefined) request.signal = options.signal;
  if (options.headers !== undefined) request.headers = options.headers;
  if (!appendSlash) request.appendSlash = false;
  return request;
}

/** What a client is made of: the HTTP calls and the file download of @portal/shared-api. */
export interface ClientDeps {
  api: typeof api;
  downloadApiFile: typeof downloadApiFile;
}

/** The paths whose GET takes no path parameter and answers a list, paged or not. */
type ListPath = {
  [P in ApiPath<'get'>]: [PathParams<Operation<P, 'get'>>] extends [never]
    ? ApiAnswer<P> extends { results: unknown[] } | unknown[]
      ? P
      : never
    : never;
}[ApiPath<'get'>];
type Row<P extends ListPath> =
  ApiAnswer<P> extends { results: Array<infer T> } ? T : ApiAnswer<P> extends Array<infer T> ? T : never;

/** The typed client over `deps`: `client` (every call, typed by the document) and `allPages` (a whole list). */
export function createApiClient({ api: http, downloadApiFile: download }: ClientDeps) {
  function send(method: Method, template: keyof paths, options: LooseOptions = {}): Promise<unknown> {
    const { path, appendSlash } = apiPath(template, options.params);
    const request = requestOptions(options, appendSlash);
    if (method === 'get' || method === 'delete') return http[method](path, request);
    return http[method](path, options.json, request);
  }

  function caller<M extends Method>(method: M) {
    return <P extends ApiPath<M>>(
      path: P,
      ...[options]: Rest<ApiCallOptions<P, M>>
    ): Promise<ApiAnswer<P, M>> => send(method, path, options as LooseOptions) as Promise<ApiAnswer<P, M>>;
  }

  /**
   * The API's calls, typed by its OpenAPI document: `client.get('/api/shipments/{id}/', { params: { id } })`
   * answers a ShipmentDetail, and a path, method, parameter, query key or body field the document does not have
   * is a type error.
   */
  const client = {
    get: caller('get'),
    post: caller('post'),
    put: caller('put'),
    patch: caller('patch'),
    delete: caller('delete'),
    /**
     * Downloads the file `GET path` answers and saves it under the name its Content-Disposition gives (else
     * `fallbackName`); `onProgress` gets the bytes received so far. (downloadApiFile leaves the trailing slash
     * off the upload paths, the only ones the document writes without it.)
     */
    download: <P extends ApiPath<'get'>>(
      path: P,
      target: ApiTarget<P>,
      fallbackName: string,
      onProgress?: (receivedBytes: number) => void,
    ): Promise<void> => {
      const { params, query } = target as LooseOptions;
      return download(apiPath(path, params).path, query, fallbackName, onProgress);
    },
  };

  /** Every page of a paged list (reference and company lists are short; stops after `maxPages` × 30 rows). */
  async function allPages<P extends ListPath>(
    path: P,
    query: TypedQuery<QueryParams<Operation<P, 'get'>>> = {},
    maxPages = 40,
  ): Promise<Row<P>[]> {
    const results: Row<P>[] = [];
    for (let page = 1; page <= maxPages; page++) {
      const answer = (await send('get', path, {
        query: (page > 1 ? { ...query, page: String(page) } : query) as Query,
      })) as { results: Row<P>[]; next: string | null } | Row<P>[];
      if (Array.isArray(answer)) return answer;
      results.push(...answer.results);
      if (!answer.next) break;
    }
    return results;
  }

  return { client, allPages };
}
