// Every query key of the front end, in one place, so that a write in one remote can invalidate what another
// remote shows (projects changed in /projects-config -> the projects filter of the lists asks again).
import type { Id } from '@portal/shared-api';

export const queryKeys = {
  /** Reference lists shared by the screens of several remotes. */
  reference: {
    all: ['reference'] as const,
    carriers: ['reference', 'carriers'] as const,
    projects: ['reference', 'projects'] as const,
    eventCodes: ['reference', 'event-codes'] as const,
  },
  config: {
    groups: ['config', 'groups'] as const,
    projectUsage: (id: Id) => ['config', 'project-usage', id] as const,
    profile: ['config', 'profile'] as const,
    apiKeys: ['config', 'api-keys'] as const,
    webhooks: ['config', 'webhooks'] as const,
    /** The company's free-time rules (demurrage and detention). */
    freeTimeRules: ['config', 'free-time-rules'] as const,
    deliveries: (endpointId: Id, page: number) =>
      ['config', 'webhooks', endpointId, 'deliveries', page] as const,
  },
  bi: {
    all: ['bi'] as const,
    /** The metric catalogue (categories, metrics, their filters). */
    catalogue: ['bi', 'catalogue'] as const,
    /** The carrier events the tracking engine set aside (superusers). */
    rejected: ['bi', 'rejected'] as const,
  },
  shipments: {
    all: ['shipments'] as const,
    /** The shipments list and the dashboard's tables (one entry per query and language). */
    list: ['shipments', 'list'] as const,
    /** The dashboard's tab counts. */
    stats: ['shipments', 'stats'] as const,
    /** One shipment's detail page. */
    detail: (shipmentId: Id) => ['shipments', 'detail', shipmentId] as const,
    alertEvents: (shipmentId: Id) => ['shipments', shipmentId, 'alert-events'] as const,
    /** The export columns by section (the same for the whole session) and the user's export templates. */
    exportFields: ['shipments', 'export-fields'] as const,
    exportTemplates: ['shipments', 'export-templates'] as const,
  },
  tracking: {
    all: ['tracking'] as const,
    /** The tracking requests list (one entry per filters and page). */
    requests: ['tracking', 'requests'] as const,
    /** One request's detail page (not under `requests`: a list reload does not ask for it again). */
    request: (requestId: Id) => ['tracking', 'request', requestId] as const,
    /** The shipments of one request (one entry per page and visibility choice). */
    requestShipments: (requestId: Id) => ['tracking', 'request-shipments', requestId] as const,
  },
} as const;
