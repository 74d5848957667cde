import type { Viewer } from "@/lib/auth/viewer";
import type { StoreDeps } from "./store-deps";
import type { SectionRef } from "./schemas";

/** Marks a section read. Idempotent: the first time it was read is the one kept. */
export async function markSectionRead(
  deps: StoreDeps,
  viewer: Viewer,
  ref: SectionRef,
): Promise<{ readAt: Date; firstTime: boolean }> {
  const key = { userId: viewer.userId, ...ref };
  const existing = await deps.db.sectionRead.findUnique({
    where: { userId_course_lesson_section: key },
  });
  if (existing) return { readAt: existing.readAt, firstTime: false };
  try {
    const row = await deps.db.sectionRead.create({ data: { ...key, readAt: deps.clock.now() } });
    return { readAt: row.readAt, firstTime: true };
  } catch (error) {
    // Two tabs reaching the end of the same section at once: the other one won, which is fine.
    const row = await deps.db.sectionRead.findUnique({
      where: { userId_course_lesson_section: key },
    });
    if (row) return { readAt: row.readAt, firstTime: false };
    throw error;
  }
}

export async function listSectionsRead(
  deps: StoreDeps,
  viewer: Viewer,
  course: string,
  lesson: string,
): Promise<string[]> {
  const rows = await deps.db.sectionRead.findMany({
    where: { userId: viewer.userId, course, lesson },
    orderBy: { readAt: "asc" },
    select: { section: true },
  });
  return rows.map((row) => row.section);
}
