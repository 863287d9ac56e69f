import { loadPageOrLast } from './pages';

const notFound = Object.assign(new Error('Invalid page.'), { status: 404 });

function fakeList(count: number, pageSize: number) {
  const asked: number[] = [];
  const load = (page: number) => {
    asked.push(page);
    if (page > Math.max(1, Math.ceil(count / pageSize))) return Promise.reject(notFound);
    return Promise.resolve({ count, results: [`page ${page}`] });
  };
  return { asked, load };
}

describe('loadPageOrLast', () => {
  it('loads the page asked for when it exists', async () => {
    const list = fakeList(100, 30);
    await expect(loadPageOrLast(2, 30, list.load)).resolves.toEqual({
      answer: { count: 100, results: ['page 2'] },
      page: 2,
    });
    expect(list.asked).toEqual([2]);
  });

  it('goes to the last page that exists when the one asked for is past the end', async () => {
    const list = fakeList(100, 30);
    const { answer, page } = await loadPageOrLast(9, 30, list.load);
    expect(page).toBe(4);
    expect(answer.results).toEqual(['page 4']);
  });

  it('shows page 1 when everything fits on it (10 shipments, page 5 bookmarked)', async () => {
    const list = fakeList(10, 30);
    await expect(loadPageOrLast(5, 30, list.load)).resolves.toEqual({
      answer: { count: 10, results: ['page 1'] },
      page: 1,
    });
    expect(list.asked).toEqual([5, 1]);
  });

  it('passes any other failure on', async () => {
    const boom = Object.assign(new Error('down'), { status: 503 });
    await expect(loadPageOrLast(3, 30, () => Promise.reject(boom))).rejects.toBe(boom);
  });
});
