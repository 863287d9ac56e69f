// The pieces of bench/multiprocess-fault.bench.ts: API and worker processes that can be SIGKILLed and started
// again, the portal's /api/ balancer in this process (the shell's own code, shared-ui/build/api-balancer.mjs), an
// SMTP sink that counts what it accepted, and a webhook receiver that records every arrival in order.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const API_DIR = path.resolve(__dirname, '..');
/** The shell's balancer (plain JavaScript, no types): the code under test, loaded as the shell loads it. */
const BALANCER = path.resolve(API_DIR, '../shared-ui/build/api-balancer.mjs');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A supervised child: `kill()` SIGKILLs it, `start()` starts it again with the same settings. */
export class Proc {
  child: ChildProcess | null = null;
  exited: Promise<void> = Promise.resolve();
  constructor(
    readonly name: string,
    private readonly script: string,
    private readonly env: Record<string, string>,
  ) {}

  start(): void {
    const child = spawn(process.execPath, ['--import', 'tsx', this.script], {
      cwd: API_DIR,
      env: { ...process.env, ...this.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const show = (chunk: Buffer) => {
      if (process.env.MP_VERBOSE)
        for (const l of chunk.toString().split('\n')) if (l) console.log(`  [${this.name}] ${l}`);
    };
    child.stdout?.on('data', show);
    child.stderr?.on('data', show);
    this.exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.child = child;
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill(signal);
    await this.exited;
  }
}

/** GET url until it answers 200 (a started API process). */
export async function waitHealthy(base: string, timeoutMs = 300_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const ok = await fetch(`${base}/api/health/`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${base} not healthy after ${timeoutMs} ms`);
}

/** The portal's /api/ proxy, balanced over `upstreams` with retries, listening on loopback. */
export async function startBalancer(upstreams: string[]): Promise<{ url: string; app: FastifyInstance }> {
  const { registerApiProxy } = (await import(pathToFileURL(BALANCER).href)) as {
    registerApiProxy: (app: FastifyInstance, proxy: unknown, options: object) => Promise<void>;
  };
  const fastifyProxy = (await import('@fastify/http-proxy')).default;
  const app = Fastify({ trustProxy: false });
  await registerApiProxy(app, fastifyProxy, {
    upstream: upstreams.join(','),
    prefix: '/api',
    rewritePrefix: '/api',
    replyOptions: {
      onError: (reply: { code: (n: number) => { send: (b: object) => void } }) =>
        reply.code(502).send({ detail: 'The API is not reachable.' }),
    },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, app };
}

/**
 * An SMTP server that accepts a message after `delayMs` (a slow relay, so that sends are in flight when a process
 * is killed) and counts it only if the sender is still connected then: a message is "sent" when the server said
 * 250, as a real relay would have queued it.
 */
export async function startSmtpSink(delayMs: number) {
  const accepted: Array<{ subject: string; to: string }> = [];
  let refused = 0;
  const closed = new Set<string>();
  const server = new SMTPServer({
    onClose: (session) => void closed.add(session.id),
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        setTimeout(() => {
          if (closed.has(session.id)) {
            refused += 1;
            return callback(new Error('sender gone'));
          }
          simpleParser(Buffer.concat(chunks)).then(
            (mail) => {
              accepted.push({ subject: mail.subject ?? '', to: mail.to ? JSON.stringify(mail.to) : '' });
              callback();
            },
            (err: Error) => callback(err),
          );
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    accepted,
    refused: () => refused,
    port: (server.server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Records every webhook arrival (event id) in the order it came. */
export async function startWebhookReceiver() {
  const arrivals: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        arrivals.push(String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id));
        res.writeHead(200).end('ok');
      } catch {
        res.writeHead(400).end('bad');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    arrivals,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The order check of one chain: arrivals (seq of each, in arrival order) are in order when each event arriving
 * for the first time has a greater seq than every event that arrived before it; a repeat of an earlier event
 * (at-least-once) is counted apart.
 */
export function orderOf(seqs: number[]): { outOfOrder: number; repeats: number } {
  const seen = new Set<number>();
  let max = -Infinity;
  let outOfOrder = 0;
  let repeats = 0;
  for (const s of seqs) {
    if (seen.has(s)) {
      repeats += 1;
      continue;
    }
    if (s < max) outOfOrder += 1;
    seen.add(s);
    max = Math.max(max, s);
  }
  return { outOfOrder, repeats };
}
