// A real HTTP receiver for webhook tests: records every request (raw body, headers, arrival time) and answers
// as the test's `behave` says (status code, delay before answering: longer than the sender's timeout = a
// timeout).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; created_at: string; data: Record<string, unknown>; [k: string]: unknown };
  at: number;
  /** The status this request was answered with. */
  answered: number;
}

export type Behaviour = (path: string, nth: number) => { status: number; delayMs?: number };

export interface Receiver {
  url: (path: string) => string;
  received: Received[];
  /** Requests whose body has arrived (answered or not), by path. */
  started: Map<string, number>;
  /** Requests answered 2xx on `path`. */
  accepted: (path: string) => Received[];
  behave: Behaviour;
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const counts = new Map<string, number>();
  const receiver: Receiver = {
    url: () => '',
    received: [],
    started: counts,
    accepted: (path) =>
      receiver.received.filter((r) => r.path === path && r.answered >= 200 && r.answered < 300),
    behave: () => ({ status: 200 }),
    close: () => Promise.resolve(),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const nth = (counts.get(path) ?? 0) + 1;
      counts.set(path, nth);
      const { status, delayMs } = receiver.behave(path, nth);
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = () => {
        let json: Received['json'];
        try {
          json = JSON.parse(body);
        } catch {
          json = { id: '', type: '', created_at: '', data: {} };
        }
        // Recorded when answered: a request the sender gave up on (timeout) is recorded with the sender gone.
        const gone = res.destroyed || req.socket.destroyed;
        receiver.received.push({
          path,
          headers: req.headers,
          body,
          json,
          at: Date.now(),
          answered: gone ? 0 : status,
        });
        if (gone) return;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
      };
      if (delayMs) setTimeout(answer, delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  receiver.url = (path) => `http://127.0.0.1:${port}${path}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
