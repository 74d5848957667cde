import { z } from "zod";
import { HttpProblem, parseQuery, route } from "@/lib/http/problem";
import { protectedRoute } from "@/lib/protection/app-protection";
import {
  csvRows,
  dashboardTable,
  dashboardTableIds,
  getLessonDashboard,
  isDashboardTableId,
  toCsv,
} from "@/lib/instructor";
import { requireInstructor } from "@/lib/auth";
import { courseSchema, lessonSchema } from "@/lib/progress/schemas";

type Params = { params: Promise<{ course: string; lesson: string; table: string }> };

const paramsSchema = z.strictObject({
  course: courseSchema,
  lesson: lessonSchema,
  table: z
    .string()
    .regex(/\.csv$/, "must end in .csv")
    .transform((name) => name.slice(0, -".csv".length))
    .refine(
      isDashboardTableId,
      `must be one of ${dashboardTableIds.map((id) => `${id}.csv`).join(", ")}`,
    ),
});

/** GET /api/instructor/<course>/<lesson>/<table>.csv: one dashboard table as CSV. Instructors only. */
const readTable = route<Params>(async (request, { params }) => {
  await requireInstructor(request.headers);
  const { course, lesson, table } = parseQuery(paramsSchema, await params);
  const dashboard = await getLessonDashboard(course, lesson);
  if (!dashboard) throw new HttpProblem(404, "Unknown lesson", `${course}/${lesson}`);
  if (!isDashboardTableId(table)) throw new HttpProblem(404, "Unknown table");
  const found = dashboardTable(dashboard, table);
  const csv = toCsv(
    found.columns.map((column) => column.label),
    csvRows(found),
  );
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${course}-${lesson}-${table}.csv"`,
      "cache-control": "private, no-store",
    },
  });
});
export const GET = protectedRoute("read", readTable);
