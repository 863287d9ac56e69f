// The carrier network simulator's HTTP plumbing shared by its v2.2 and v3 routes: DCSA error
// bodies, opaque page cursors, the reference and page size of an events query, and the GET faults
// an admin sets (a held, failed or malformed answer, or a body with wrong, duplicated or reversed
// events).
import type { FastifyReply } from 'fastify';
import type { CodeType } from '../dcsa/types';
import type { SimulatorStore } from './store';
import type { Clock, Fault } from './types';

export const SIMULATOR_API_VERSION = '2.2.0';

/** Whether a request is on a carrier's v3 API. */
export const isV3 = (url: string) => /^\/carriers\/[^/]+\/v3\//.test(url);

/** A DCSA error answer. */
export function sendError(clock: Clock, reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send({
    httpMethod: reply.request.method,
    requestUri: reply.request.url,
    errors: [
      { reason: status === 404 ? 'notFound' : status === 401 ? 'unauthorized' : 'invalidInput', message },
    ],
    statusCode: status,
    statusCodeText: status === 404 ? 'Not Found' : status === 401 ? 'Unauthorized' : 'Bad Request',
    errorDateTime: new Date(clock.now()).toISOString(),
  });
}

export function encodeCursor(offset: number, filterKey: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: filterKey })).toString('base64url');
}
export function decodeCursor(cursor: string, filterKey: string): number | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      o: unknown;
      f: unknown;
    };
    if (parsed.f !== filterKey || !Number.isInteger(parsed.o) || (parsed.o as number) < 0) return null;
    return parsed.o as number;
  } catch {
    return null;
  }
}

/**
 * The one reference (equipment, booking or transport document) and the page size of an events query, or the
 * 400 message. v3 also allows a document with an equipmentReference; the simulator serves one reference.
 */
export function eventsQuery(
  q: Record<string, string | undefined>,
): { codeType: CodeType; reference: string; limit: number } | { error: string } {
  const refs: Array<[CodeType, string | undefined]> = [
    ['c_id', q.equipmentReference],
    ['b_id', q.carrierBookingReference],
    ['m_bl', q.transportDocumentReference],
  ];
  const given = refs.filter(([, v]) => v);
  if (given.length !== 1) {
    return { error: 'Give one of equipmentReference, carrierBookingReference, transportDocumentReference' };
  }
  const [codeType, reference] = given[0] as [CodeType, string];
  const limit = q.limit === undefined ? 100 : Number(q.limit);
  if (!Number.isInteger(limit) || limit < 1) return { error: 'limit must be an integer >= 1' };
  return { codeType, reference, limit };
}

/**
 * The GET fault of a carrier (both versions), counted down; `answered` when the fault itself was
 * the answer (5xx, malformed), else the fault to apply to the body (after a timeout's wait).
 */
export async function takeFault(
  store: SimulatorStore,
  scac: string,
  reply: FastifyReply,
  v3: boolean,
): Promise<{ answered: boolean; fault: Fault | undefined }> {
  const { faults, pending } = store;
  const fault = faults.get(scac) ?? faults.get('*');
  if (!fault) return { answered: false, fault };
  if (fault.times !== undefined && --fault.times <= 0) {
    faults.delete(scac);
    faults.delete('*');
  }
  if (fault.kind === 'timeout') {
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        pending.delete(t);
        resolve();
      }, store.options.timeoutFaultMs ?? 30_000);
      pending.add(t);
    });
  } else if (fault.kind === '5xx') {
    await reply
      .code(503)
      .type('text/html')
      .send('<html><body>503 Service Temporarily Unavailable</body></html>');
    return { answered: true, fault };
  } else if (fault.kind === 'malformed') {
    await reply
      .code(200)
      .type('application/json')
      .send(
        v3 ? '{"events": [{"eventID": "3cecb101-7a1a-43a4-9d62' : '[{"eventID": "3cecb101-7a1a-43a4-9d62',
      );
    return { answered: true, fault };
  }
  return { answered: false, fault };
}

/** The body faults: wrong schema, duplicated or reversed events. */
export function faulty(
  body: Array<Record<string, unknown>>,
  fault: Fault | undefined,
  v3: boolean,
): Array<Record<string, unknown>> {
  if (fault?.kind === 'wrong-schema' && body.length) {
    return body.map((e, i) =>
      i % 2 !== 0 || e.isRetracted
        ? e
        : v3
          ? {
              ...e,
              eventDateTime: 'next tuesday',
              eventClassification: { ...(e.eventClassification as object), eventClassifierCode: 'MAYBE' },
            }
          : { ...e, eventDateTime: 'next tuesday', eventClassifierCode: 'MAYBE' },
    );
  }
  if (fault?.kind === 'duplicates') return body.flatMap((e) => [e, { ...e }]);
  if (fault?.kind === 'out-of-order') return [...body].reverse();
  return body;
}
