// npm run seed [-- --reset]: adds the demo data to an empty database, or starts over with --reset.
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { isEmpty, resetDatabase, seedDemo, DEMO_LOGINS } from './demo-data';

const reset = process.argv.includes('--reset');
const { ctx, database } = await createContext(loadConfig());
try {
  if (reset) {
    console.log('Emptying every table...');
    await resetDatabase(ctx.db);
  }
  if (!(await isEmpty(ctx.db))) {
    console.log('The database already has data; use `npm run seed -- --reset` to start over.');
  } else {
    await seedDemo(ctx);
    console.log(
      `Demo data created. Logins (password ${DEMO_LOGINS.password}): ${DEMO_LOGINS.usernames.join(', ')}`,
    );
  }
} finally {
  await database.close();
}
