// npm run seed [-- --reset]: adds the demo data (and DEMO_SCALE times the demo history) to an empty
// database, or starts over with --reset.
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { closeTracking } from '../tracking/runtime';
import { isEmpty, resetDatabase, seedDemo, DEMO_LOGINS } from './data';
import { demoScale } from './history';
import { describeHistory } from './history-summary';

const reset = process.argv.includes('--reset');
const scale = demoScale();
const { ctx, database } = await createContext(loadConfig());
try {
  if (reset) {
    console.log('Emptying every table...');
    await resetDatabase(ctx.db);
  }
  if (!(await isEmpty(ctx.db))) {
    console.log('The database already has data; use `npm run seed -- --reset` to start over.');
  } else {
    const history = await seedDemo(ctx, { scale, progress: true });
    console.log(
      `Demo data created. Logins (password ${DEMO_LOGINS.password}): ${DEMO_LOGINS.usernames.join(', ')}`,
    );
    console.log(history ? describeHistory(history) : 'No demo history (DEMO_SCALE=0).');
  }
} finally {
  await closeTracking(ctx); // the service path's click writer and change listener
  await database.close();
}
