// A page past the end of a list (an old bookmark, a page number kept across the login redirect, a list that got
// shorter) is answered 404 'Invalid page.' by the API. Lists recover by showing the last page that exists.

/** Whether a failed list call means "no such page" (HTTP 404 from the API client). */
export function isPastTheEnd(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

/**
 * Loads `page`; when it is past the end, loads page 1 to learn the count and then the last page that exists.
 * Answers the loaded page and its number, so the caller can correct the URL (`setPage(page, { replace: true })`).
 */
export async function loadPageOrLast<A extends { count: number }>(
  page: number,
  pageSize: number,
  load: (page: number) => Promise<A>,
): Promise<{ answer: A; page: number }> {
  try {
    return { answer: await load(page), page };
  } catch (error) {
    if (page <= 1 || !isPastTheEnd(error)) throw error;
    const first = await load(1);
    const last = Math.max(1, Math.ceil(first.count / pageSize));
    if (last === 1 || last >= page) return { answer: first, page: 1 };
    return { answer: await load(last), page: last };
  }
}
