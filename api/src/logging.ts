// A readable one-line log format for the server (pino's JSON turned into `time LEVEL message`).
import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** A line of pino's JSON: the fields shown first, then whatever else the call logged. */
interface PinoLine {
  level: number;
  time: number;
  msg?: string;
  err?: { stack?: string };
  pid?: number;
  hostname?: string;
  [field: string]: unknown;
}

export function readableLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        try {
          const { level, time, msg, err, pid: _pid, hostname: _host, ...rest } = JSON.parse(line) as PinoLine;
          const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
          const stack = err?.stack ? `\n${err.stack}` : '';
          out.write(
            `${new Date(time).toISOString()} ${LEVELS[level] ?? level} ${msg ?? ''}${extra}${stack}\n`,
          );
        } catch {
          out.write(`${line}\n`);
        }
      }
      callback();
    },
  });
}
