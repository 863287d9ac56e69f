// A small process supervisor for `npm start` (plain Node, no dependencies: it runs before `npm install`).
// A child that ends while the portal is running is logged and started again after a delay that doubles on
// every quick crash (1 s, 2 s, 4 s … up to 30 s) and returns to 1 s once the child has stayed up for a minute.
import { spawn } from 'node:child_process';

/**
 * @param {object} o
 * @param {string} o.name                 shown in the log
 * @param {string} o.cmd
 * @param {string[]} o.args
 * @param {object} [o.options]            spawn options (cwd, env, stdio)
 * @param {(msg: string) => void} [o.log]
 * @param {number} [o.minDelayMs]
 * @param {number} [o.maxDelayMs]
 * @param {number} [o.stableMs]          uptime after which the delay starts again from minDelayMs
 */
export function supervise({
  name,
  cmd,
  args,
  options = {},
  log = console.log,
  minDelayMs = 1000,
  maxDelayMs = 30000,
  stableMs = 60000,
}) {
  let stopped = false;
  let child = null;
  let delay = minDelayMs;
  let timer = null;
  let starts = 0;

  const startChild = () => {
    timer = null;
    if (stopped) return;
    const startedAt = Date.now();
    starts += 1;
    child = spawn(cmd, args, { stdio: 'inherit', ...options });
    const current = child;
    current.on('error', (error) => log(`${name} could not start: ${error.message}`));
    current.on('exit', (code, signal) => {
      if (child === current) child = null;
      if (stopped) return;
      if (Date.now() - startedAt >= stableMs) delay = minDelayMs;
      log(
        `${name} stopped (${signal ?? `exit code ${code}`}); restarting in ${(delay / 1000).toFixed(1)} s (start ${starts + 1}).`,
      );
      timer = setTimeout(startChild, delay);
      delay = Math.min(delay * 2, maxDelayMs);
    });
  };
  startChild();

  return {
    name,
    /** How many times the child was started. */
    get starts() {
      return starts;
    },
    /** The running child process, or null between a crash and its restart. */
    get child() {
      return child;
    },
    /** Stops supervising and sends the child `signal`; resolves when it has ended. */
    stop(signal = 'SIGTERM') {
      stopped = true;
      if (timer) clearTimeout(timer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        running.once('exit', () => resolve());
        running.kill(signal);
      });
    },
  };
}
