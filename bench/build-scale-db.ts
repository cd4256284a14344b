// `npx tsx bench/build-scale-db.ts`: loads the log benchmark's database (the demo at DEMO_SCALE=165, about
// 10 million clicks) once, for the benches that only read it (dashboard-bench.ts); a loaded one is kept.
import { scaleDatabase } from './log-scale-db';

async function main() {
  const { url, loadS } = await scaleDatabase();
  console.log(
    loadS === null ? `${url}: loaded by an earlier run` : `${url}: loaded in ${loadS.toFixed(0)} s`,
  );
}

void main();
