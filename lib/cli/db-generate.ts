import { PROVIDER_PLACEHOLDER_URLS, runPrisma } from "./prisma-cli";

// `npm run db:generate` (and postinstall): both Prisma clients, offline, into lib/db/generated/.
for (const [provider, url] of Object.entries(PROVIDER_PLACEHOLDER_URLS)) {
  const { ok, output } = runPrisma(["generate"], url, { quiet: true });
  if (!ok) {
    process.stderr.write(output);
    throw new Error(`prisma generate failed for ${provider}`);
  }
  console.log(`✔ Prisma client for ${provider} generated`);
}
