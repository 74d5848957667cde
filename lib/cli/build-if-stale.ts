/**
 * npx tsx lib/cli/build-if-stale.ts
 *
 * `next build` unless `.next/` already holds a build at least as new as every source file
 * (lib/cluster/build.ts), under the same lock as the cluster tests: `npm test` then builds once,
 * whether the integration tests or Playwright get there first.
 */
import { ensureBuild, holdLock } from "@/lib/cluster/build";

const log = (line: string) => console.log(`[build] ${line}`);
const lock = await holdLock("/tmp/next.lock");
try {
  if (!(await ensureBuild(process.cwd(), log))) log("the production build is fresh: reusing it");
} finally {
  await lock.release();
}
