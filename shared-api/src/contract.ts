// Types of the API's answers, read from the generated contract (generated/openapi.ts, made from the API's own
// OpenAPI document by `npm run openapi -w @portal/api`; a test fails when it is stale). Entity types in
// types.ts are these answers wherever the API documents them, so the front end cannot drift from the API.
import type { paths } from './generated/openapi';

type JsonBody<R> = R extends { content: { 'application/json': infer T } } ? T : never;
type Success<O> = O extends { responses: infer R }
  ? R extends { 200: infer A }
    ? A
    : R extends { 201: infer A }
      ? A
      : never
  : never;

/** The JSON the API answers (200, else 201) to `method path`, as its OpenAPI document describes it. */
export type ApiAnswer<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'patch' = 'get'> = JsonBody<
  Success<NonNullable<paths[P][M]>>
>;

/** One row of a paged list answer. */
export type ApiListRow<P extends keyof paths> = ApiAnswer<P> extends { results: Array<infer T> } ? T : never;
