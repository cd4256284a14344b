// A server of one spec's own, for what the shared one cannot do: money dated in an earlier week. It runs
// on a port chosen before the spec imports the helpers (they read E2E_BASE_URL once), first with its clock
// shifted (support/shifted-clock.ts), then again on the same data at the real time. No demo history.
import fs from 'node:fs';
import { freePort, spawnServer, type SpawnedServer } from '@salesdesk/server/src/test/server-process';
import { appArgs, newDataDir, serverEnv } from './server';

export interface OwnServer {
  baseUrl: string;
  /** Runs the server with its clock `days` off the real one (0: the real time) until `stop`. */
  start(days?: number): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and removes its data. */
  remove(): Promise<void>;
}

/** Chooses the port and sets E2E_BASE_URL: call it before importing support/api, events or browser. */
export async function ownServer(): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = newDataDir();
  const baseUrl = `http://127.0.0.1:${port}`;
  process.env.E2E_BASE_URL = baseUrl;
  let running: SpawnedServer | null = null;
  const stop = async () => {
    await running?.stop();
    running = null;
  };
  return {
    baseUrl,
    async start(days = 0) {
      await stop();
      running = await spawnServer({
        port,
        args: appArgs(days !== 0),
        env: { ...serverEnv(port, dataDir), DEMO_SCALE: '0', E2E_CLOCK_SHIFT_DAYS: String(days) },
      });
    },
    stop,
    async remove() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
