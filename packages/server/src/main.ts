// config -> database -> migrations -> demo data if empty -> listen; graceful shutdown.
import { buildApp } from './app';
import { createContext } from './bootstrap';
import { loadConfig } from './config';
import { seedDemoIfEmpty, DEMO_LOGINS } from './demo/data';
import { demoScale } from './demo/history';
import { describeHistory } from './demo/history-summary';
import { maintainPartitionsAtStart } from './jobs/partition-maintenance';
import { startJobs } from './jobs/start';
import { closeTracking } from './tracking/runtime';
import { loggableError } from './common/loggable-error';
import { MigrationRefused } from './db/migrate';
import { serveBackups } from './backup/backup-socket';
import { startDeliveries } from './webhooks/runtime';

const config = loadConfig();
const { ctx, database } = await createContext(config).catch((err: unknown) => {
  // A database this version must not migrate (a newer version's, an edited migration): say why, nothing changed.
  if (!(err instanceof MigrationRefused)) throw err;
  console.error(`Salesdesk did not start: ${err.message}`);
  process.exit(1);
});
// Nodes started at once on an empty database take turns: the first seeds, the others find it seeded.
const SEED_LOCK = 727006;
const seeded = await database.exclusive(SEED_LOCK, () =>
  seedDemoIfEmpty(ctx, { scale: demoScale(), progress: true }),
);
// The demo history ran the click path; the app starts its own, with its logger and today's uniques.
await closeTracking(ctx);
const app = await buildApp(ctx, { logger: true });
const logJob = (msg: string) => app.log.info(msg);
await maintainPartitionsAtStart(ctx.db, logJob);
const stopJobs = startJobs(ctx, logJob);
const stopDeliveries = startDeliveries(ctx, (msg, error) => app.log.error({ error }, msg));
// The embedded store lives in this process: `npm run backup` asks it over a socket in DATA_DIR. Without
// it (a DATA_DIR path too long for a socket) the server still runs; a backup then needs it stopped.
let stopBackups: () => Promise<void> = async () => undefined;
if (database.kind === 'pglite')
  try {
    const pglite = (ctx.db as unknown as { $client: Parameters<typeof serveBackups>[0] }).$client;
    stopBackups = await serveBackups(pglite, config.dataDir, !config.production);
  } catch (err) {
    app.log.warn({ error: loggableError(err) }, 'backups through the running server are unavailable');
  }

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  try {
    // A job's run and a delivery round in progress end after their batch, before the database closes.
    await Promise.all([...stopJobs.map((stop) => stop()), stopDeliveries()]);
    await stopBackups();
    // The close stops accepting and waits for in-flight requests and the onClose hooks. A connection whose
    // request was in flight when it began stays open after its answer (keep-alive, 72 s) and the close waited
    // for it: a stop under click load outlasted the tests' 60 s grace on Node 22 and 24 and ended by SIGKILL.
    // Each connection is closed as soon as it is idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close().finally(() => clearInterval(closeIdle));
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ error: loggableError(err) }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL';
console.log(`\nSalesdesk is serving at http://localhost:${config.port} (${where}, brand ${ctx.brand.name})`);
if (seeded) console.log('Demo data was created.');
if (seeded?.history) console.log(describeHistory(seeded.history));
console.log(`Demo logins (password ${DEMO_LOGINS.password}): ${DEMO_LOGINS.usernames.join(', ')}\n`);
if (!config.captcha) console.log('Captcha is off (CAPTCHA=off).');
