// Vitest's file order with the longest files first. A fresh clone has no timings from an earlier run, and
// vitest then orders by file size, which left a durability or cluster file of minutes starting late and
// running alone on one core at the end; the files below go first (longest first), then vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest API test files (process-spawning, then the longest in-process ones), longest first. */
export const SLOW_FILES = [
  'webhooks/kill.test.ts',
  'postback/durability.test.ts',
  'cluster/kill.test.ts',
  'cluster/cluster.test.ts',
  'tracking/click-durability.test.ts',
  'backup/under-load.test.ts',
  'db/upgrade.test.ts',
  'http/route-matrix.test.ts',
  'http/audit-walk.test.ts',
  'pay-periods/exactness.test.ts',
  'db/migrate.test.ts',
  'backup/cli.test.ts',
  'backup/round-trip.test.ts',
].map((f) => `/packages/server/src/${f}`);

const rank = (spec: TestSpecification) => {
  const i = SLOW_FILES.findIndex((f) => spec.moduleId.endsWith(f));
  return i < 0 ? SLOW_FILES.length : i;
};

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const at = new Map(sorted.map((f, i) => [f, i]));
    return sorted.sort((a, b) => rank(a) - rank(b) || at.get(a)! - at.get(b)!);
  }
}
