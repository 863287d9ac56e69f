// Runs the carrier network simulator on its own port:
//   SIMULATOR_PORT=8100 npx tsx src/tracking/simulator/main.ts
// Carriers are then at http://localhost:8100/carriers/{SCAC}/v2/events. SIMULATOR_DISRUPTIONS=none turns
// rolled containers and vessel changes off.
import { loadConfig } from '../../config';
import { createSimulator } from './server';

async function main(): Promise<void> {
  const { port, host, epoch, disruptions } = loadConfig().simulator;
  const sim = createSimulator({ epoch: epoch ?? Date.now() - 45 * 86_400_000, disruptions });
  await sim.app.listen({ port, host: host ?? '127.0.0.1' });
  console.log(`DCSA T&T v2.2 simulator on http://localhost:${port}/carriers/{SCAC}/v2/events`);
  const push = setInterval(() => void sim.deliver(), 10_000);
  const stop = async () => {
    clearInterval(push);
    await sim.app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
