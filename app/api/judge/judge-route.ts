import { z } from "zod";
import { codeSchema, exerciseIdSchema } from "@/lib/progress/schemas";

// Shared by the judge's route handlers (not a route itself: Next only routes `route.ts`).

export const judgeBodySchema = z.strictObject({ exerciseId: exerciseIdSchema, code: codeSchema });
