// Stopping a worker process cleanly on SIGINT / SIGTERM (once, whatever arrives twice), then exiting.
export function stopOnSignals(what: string, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping the ${what}.`);
    await stop().catch((err) => console.error(err));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
