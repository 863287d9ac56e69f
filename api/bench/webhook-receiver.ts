// The local receiver of bench/webhooks.bench.ts, in its own process so it does not share the worker's event
// loop: checks every signature and reports each arrival (event id, type, shipment, wall-clock time) to the
// parent over IPC in batches.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../src/services/webhooks/signing';

const secret = process.env.BENCH_WEBHOOK_SECRET ?? '';
let pending: Array<{ id: string; type: string; shipment: string | null; at: number; ok: boolean }> = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    const body = Buffer.concat(chunks).toString('utf8');
    const ok = verifySignature(
      secret,
      {
        timestamp: req.headers['webhook-timestamp'] as string,
        signature: req.headers['webhook-signature'] as string,
      },
      body,
    );
    const json = JSON.parse(body) as { id: string; type: string; shipment: { id: string } | null };
    pending.push({ id: json.id, type: json.type, shipment: json.shipment?.id ?? null, at, ok });
    res.writeHead(200).end('ok');
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
setInterval(() => {
  if (pending.length === 0) return;
  process.send?.({ arrivals: pending });
  pending = [];
}, 25);
process.on('disconnect', () => process.exit(0));
