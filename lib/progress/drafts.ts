import type { Viewer } from "@/lib/auth/viewer";
import type { StoreDeps } from "./store-deps";

export interface DraftView {
  exerciseId: string;
  code: string;
  updatedAt: Date;
}

export async function saveDraft(
  deps: StoreDeps,
  viewer: Viewer,
  exerciseId: string,
  code: string,
): Promise<DraftView> {
  const updatedAt = deps.clock.now();
  const row = await deps.db.draft.upsert({
    where: { userId_exerciseId: { userId: viewer.userId, exerciseId } },
    create: { userId: viewer.userId, exerciseId, code, updatedAt },
    update: { code, updatedAt },
  });
  return { exerciseId: row.exerciseId, code: row.code, updatedAt: row.updatedAt };
}

/** The viewer's draft, or null (never saved, or it is someone else's: the same answer). */
export async function getDraft(
  deps: StoreDeps,
  viewer: Viewer,
  exerciseId: string,
): Promise<DraftView | null> {
  const row = await deps.db.draft.findUnique({
    where: { userId_exerciseId: { userId: viewer.userId, exerciseId } },
  });
  return row ? { exerciseId: row.exerciseId, code: row.code, updatedAt: row.updatedAt } : null;
}
