import { env } from "@/lib/env";
import { runPrisma } from "./prisma-cli";

// `npm run db:migrate -- <prisma migrate args>` against DATABASE_URL, e.g.
//   npm run db:migrate -- dev --name add-streaks     (author a migration; do it for both providers)
//   npm run db:migrate -- status
const args = process.argv.slice(2);
if (args.length === 0) {
  console.error("usage: npm run db:migrate -- <deploy|dev|status|reset> [prisma options]");
  process.exit(2);
}
const { ok } = runPrisma(["migrate", ...args], env.DATABASE_URL);
process.exit(ok ? 0 : 1);
