// `@portal/shared-api/client` makes its client over the package's singleton `api` and download (so a remote that
// bundles it sends through the page's configured instance, whatever the page's version), never over a copy.
import * as sharedApi from '@portal/shared-api';
import { allPages, client } from './public-client';

afterEach(() => jest.restoreAllMocks());

it("sends its calls through the singleton's api", async () => {
  const get = jest.spyOn(sharedApi.api, 'get').mockResolvedValue({ id: 7 });
  const patch = jest.spyOn(sharedApi.api, 'patch').mockResolvedValue({});
  await client.get('/api/shipments/{id}/', { params: { id: 7 } });
  await client.patch('/api/shipments/{id}/', { params: { id: 7 }, json: { client_code: 'A' } });
  expect(get).toHaveBeenCalledWith('shipments/7', {});
  expect(patch).toHaveBeenCalledWith('shipments/7', { client_code: 'A' }, {});
});

it('reads every page through it', async () => {
  const get = jest
    .spyOn(sharedApi.api, 'get')
    .mockResolvedValueOnce({ count: 2, next: 'p2', previous: null, results: [{ id: 1 }] })
    .mockResolvedValueOnce({ count: 2, next: null, previous: 'p1', results: [{ id: 2 }] });
  expect(await allPages('/api/projects/')).toEqual([{ id: 1 }, { id: 2 }]);
  expect(get).toHaveBeenLastCalledWith('projects', { query: { page: '2' } });
});
