import { getAuth } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { systemWallClock } from "@/lib/time/wall-clock";
import { DEMO_USERS, seedDemoData } from "@/lib/progress/demo-data";

// `npm run db:seed`: the demo instructor and learner (idempotent).
const created = await seedDemoData({ db: getDb(), clock: systemWallClock }, getAuth());
console.log(created.length ? `Seeded ${created.join(", ")}` : "Demo users already exist.");
for (const user of Object.values(DEMO_USERS)) console.log(`  ${user.email} / ${user.password}`);
await getDb().$disconnect();
