// File downloads from the API (spreadsheets, the bulk template): the shared ky instance's token and language
// header, the answer read as a blob and saved under the name its Content-Disposition gives. Callers go through
// `client.download` (client.ts), which types the path and query and builds the relative path.
import { getApiConfig } from './config';
import { toApiFailure } from './failures';
import { http } from './http';
import { buildUrl, toSearchParams, type Query } from './query';

/**
 * Downloads `path` (relative to the API base; the trailing slash added unless `appendSlash` is false) and saves
 * it under the name the answer's Content-Disposition gives (else `fallbackName`). A failure throws ApiError with
 * the error body read from the binary answer.
 */
async function saveApiFile(
  path: string,
  appendSlash: boolean,
  query: Query | undefined,
  fallbackName: string,
  /** Called as the file arrives with the bytes received so far (a streamed file has no known total). */
  onProgress?: (receivedBytes: number) => void,
): Promise<void> {
  const config = getApiConfig();
  const url = buildUrl(config.baseUrl, path, appendSlash && config.appendSlash);
  let response: Response;
  try {
    response = await http()(url, {
      method: 'GET',
      timeout: config.timeout,
      searchParams: toSearchParams(query),
      onDownloadProgress: onProgress ? (progress) => onProgress(progress.transferredBytes) : undefined,
    });
  } catch (error) {
    throw await toApiFailure(error);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = match ? decodeURIComponent(match[1]) : fallbackName;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * The untyped download `@portal/shared-api` has always offered (remotes built against an earlier version call
 * it); new calls use `client.download`, whose path and query the API's document types.
 */
export function downloadApiFile(
  path: string,
  query: Query | undefined,
  fallbackName: string,
  onProgress?: (receivedBytes: number) => void,
): Promise<void> {
  return saveApiFile(path, !path.includes('upload/'), query, fallbackName, onProgress);
}
