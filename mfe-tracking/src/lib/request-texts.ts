// Texts of the tracking-request detail that depend on the request: its warnings (each message once, however
// often the engine recorded it, e.g. after a Retry that failed again) and what an empty shipments table says.
import type { TrackingRequest } from '@portal/shared-api';

/** A warning as the API sends it (GET tracking-requests/{id}/), or a plain message. */
type Warning = Pick<TrackingRequest['warnings'][number], 'message' | 'created'> | string;

/** Each warning message once, in the order first seen. */
export function distinctWarnings(warnings: readonly Warning[] | null | undefined): string[] {
  const seen = new Set<string>();
  for (const w of warnings ?? []) {
    const message = (typeof w === 'string' ? w : w.message)?.trim();
    if (message) seen.add(message);
  }
  return [...seen];
}

export type ShipmentsEmptyKey =
  'shipments.empty' | 'shipments.emptyInvalid' | 'shipments.emptyStopped' | 'shipments.allHidden';

/**
 * Why the shipments table is empty: all hidden (Exclude Hidden on, some exist); an invalid request (the carrier
 * did not take the reference, so none will come until it is corrected and retried); a cancelled / archived one
 * (no more will come); else none reported yet.
 */
export function shipmentsEmptyKey(status: string | undefined, hiddenOnly: boolean): ShipmentsEmptyKey {
  if (hiddenOnly) return 'shipments.allHidden';
  if (status === 'invalid') return 'shipments.emptyInvalid';
  if (status && status !== 'new' && status !== 'ongoing') return 'shipments.emptyStopped';
  return 'shipments.empty';
}
