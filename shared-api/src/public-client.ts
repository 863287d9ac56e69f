// `@portal/shared-api/client`: the typed client for remotes. This entry point is not a shared singleton, so each
// remote bundles these few lines, and they make the client over the page's singleton (`api` and `downloadApiFile`,
// which every version of @portal/shared-api has offered). A remote using it therefore runs under an older shell
// too, and the singleton's surface stays as it was (ADR 0009).
import { api, downloadApiFile } from '@portal/shared-api';
import { createApiClient } from './client';

export const { client, allPages } = createApiClient({ api, downloadApiFile });
export type { ApiCallOptions, ApiPath } from './client';
