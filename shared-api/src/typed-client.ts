// The typed client that @portal/shared-api's own calls use, over this package's `api` and download.
import { createApiClient } from './client';
import { downloadApiFile } from './download';
import { api } from './http';

export const { client, allPages } = createApiClient({ api, downloadApiFile });
