// Which of Retry, Archive and Cancel a tracking request offers (spec section 4), and whether they are enabled.
import { EDITABLE_STATUSES, TRANSITION_FROM } from '@portal/shared-api/domain';

export type ActionPlace = 'list' | 'detail';

export interface RequestFlags {
  /** A TrackingRequestStatus, or a status this front end does not know (offered nothing). */
  status: string;
  cancellable: boolean;
  archivable: boolean;
}

interface OfferedAction {
  offered: boolean;
  enabled: boolean;
}

export interface OfferedActions {
  retry: OfferedAction;
  archive: OfferedAction;
  cancel: OfferedAction;
}

/**
 * Retry only from invalid. Archive and Cancel unless the status is invalid, cancelled, archived or pending;
 * the list also leaves them out for new requests; each is enabled only when its flag is true.
 */
export function offeredActions(request: RequestFlags, place: ActionPlace): OfferedActions {
  const statusAllows =
    (TRANSITION_FROM as readonly string[]).includes(request.status) &&
    !(place === 'list' && request.status === 'new');
  return {
    retry: { offered: request.status === 'invalid', enabled: request.status === 'invalid' },
    archive: { offered: statusAllows, enabled: statusAllows && request.archivable },
    cancel: { offered: statusAllows, enabled: statusAllows && request.cancellable },
  };
}

/** The detail page is read-only unless the status is new (spec section 4). */
export function isEditable(status: string): boolean {
  return status === 'new';
}

/**
 * Statuses in which the API takes a change of client code or project (EDITABLE_STATUSES of the domain module:
 * invalid, new, ongoing); elsewhere (cancelled, archived, pending) the list shows the value without an editor.
 */
export function isInlineEditable(status: string): boolean {
  return (EDITABLE_STATUSES as readonly string[]).includes(status);
}
