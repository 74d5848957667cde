import { z } from "zod";
import { getDb } from "@/lib/db";

// `npm run user:promote -- <email> [--demote]`: make an account an instructor (or a learner again).
const args = process.argv.slice(2);
const demote = args.includes("--demote");
const email = z.email().safeParse(args.find((arg) => !arg.startsWith("--")));
if (!email.success) {
  console.error("usage: npm run user:promote -- <email> [--demote]");
  process.exit(2);
}
const role = demote ? "learner" : "instructor";
const db = getDb();
const { count } = await db.user.updateMany({
  where: { email: email.data.toLowerCase(), isAnonymous: { not: true } },
  data: { role },
});
await db.$disconnect();
if (count === 0) {
  console.error(`No account with the email ${email.data}. Sign up first, then promote.`);
  process.exit(1);
}
console.log(`${email.data} is now ${role === "instructor" ? "an instructor" : "a learner"}.`);
