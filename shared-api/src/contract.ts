// Types of the API's answers and request bodies, read from the generated contract (generated/openapi.ts, made
// from the API's own OpenAPI document by `npm run openapi -w @portal/api`; a test fails when it is stale).
// Entity types in types.ts and the remotes' call types are these wherever the API documents them, so the front
// end cannot drift from the API.
import type { paths } from './generated/openapi';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonBody<R> = R extends { content: { 'application/json': infer T } } ? T : never;
/** A success answer's JSON; an answer without content (204) reads as null, as http.ts parses an empty body. */
type SuccessBody<R> = R extends { content: { 'application/json': infer T } } ? T : null;
type Success<O> = O extends { responses: infer R }
  ? R extends { 200: infer A }
    ? A
    : R extends { 201: infer A }
      ? A
      : R extends { 202: infer A }
        ? A
        : R extends { 204: infer A }
          ? A
          : never
  : never;
export type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/**
 * The JSON the API answers (200, else 201, else 202, else 204: null) to `method path`, as its OpenAPI document
 * describes it.
 */
export type ApiAnswer<P extends keyof paths, M extends Method = 'get'> = SuccessBody<
  Success<Operation<P, M>>
>;

/** One row of a paged list answer. */
export type ApiListRow<P extends keyof paths> = ApiAnswer<P> extends { results: Array<infer T> } ? T : never;

/** The JSON body `method path` takes, as the API's OpenAPI document describes it. */
export type ApiBody<P extends keyof paths, M extends Exclude<Method, 'get'> = 'post'> =
  Operation<P, M> extends { requestBody?: infer B } ? JsonBody<NonNullable<B>> : never;
