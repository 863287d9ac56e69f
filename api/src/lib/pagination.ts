import type { FastifyRequest } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { MESSAGES, notFound } from './errors';

export const PAGE_SIZE = 30;

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The requested page number (1 when absent); 404 "Invalid page." when not a positive integer. */
export function pageNumber(request: FastifyRequest): number {
  const raw = (request.query as { page?: unknown } | undefined)?.page;
  if (raw === undefined || raw === '') return 1;
  const page = Number(raw);
  if (!Number.isInteger(page) || page < 1) throw notFound(MESSAGES.invalidPage);
  return page;
}

/**
 * The absolute URL of another page: on the configured public URL (PUBLIC_URL) when set, else on the address the
 * request came to as Fastify reports it (X-Forwarded-Host/-Proto only from a trusted proxy, see app.ts).
 */
function pageUrl(request: FastifyRequest, page: number): string {
  const base = request.server.config?.publicUrl;
  const url = base
    ? new URL(`${new URL(base).pathname.replace(/\/+$/, '')}${request.url}`, base)
    : new URL(request.url, `${request.protocol}://${request.host}`);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/**
 * Runs `fetch(limit, offset)` for the requested page and builds `{count, next, previous, results}`
 * with absolute next/previous URLs. A page past the end (other than page 1) is a 404 "Invalid page.".
 */
export async function paginate<T>(
  request: FastifyRequest,
  count: number,
  fetch: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const page = pageNumber(request);
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  if (page > pages) throw notFound(MESSAGES.invalidPage);
  const results = await fetch(PAGE_SIZE, (page - 1) * PAGE_SIZE);
  return { count, ...pageLinks(request, count), results };
}

/** The absolute URLs of the pages before and after the requested one, for `count` rows. */
export function pageLinks(
  request: FastifyRequest,
  count: number,
): { next: string | null; previous: string | null } {
  const page = pageNumber(request);
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  return {
    next: page < pages ? pageUrl(request, page + 1) : null,
    previous: page > 1 ? pageUrl(request, page - 1) : null,
  };
}

/** A list's count and its pages, as the list services give them to `paginateList`. */
export interface PagedList<T> {
  count: () => Promise<number>;
  page: (limit: number, offset: number) => Promise<T[]>;
}

/** How many rows `query` selects (`SELECT count(*)` over its FROM and WHERE). */
export async function countRows<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return Number((row as { count: string }).count);
}

/** `paginate` over a list service's count and page, each row through `answer`. */
export async function paginateList<R, T>(
  request: FastifyRequest,
  list: PagedList<R>,
  answer: (row: R) => T,
): Promise<Page<T>> {
  return paginate(request, await list.count(), async (limit, offset) =>
    (await list.page(limit, offset)).map(answer),
  );
}
