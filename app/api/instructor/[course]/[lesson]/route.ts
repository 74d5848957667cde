import { HttpProblem, parseQuery, route } from "@/lib/http/problem";
import { protectedRoute } from "@/lib/protection/app-protection";
import { jsonResponse } from "@/lib/http/respond";
import { getLessonDashboard } from "@/lib/instructor";
import { requireInstructor } from "@/lib/auth";
import { lessonRefSchema } from "@/lib/progress/schemas";

type Params = { params: Promise<{ course: string; lesson: string }> };

/** GET /api/instructor/<course>/<lesson>: the lesson's dashboard figures. Instructors only. */
const readDashboard = route<Params>(async (request, { params }) => {
  await requireInstructor(request.headers);
  const { course, lesson } = parseQuery(lessonRefSchema, await params);
  const dashboard = await getLessonDashboard(course, lesson);
  if (!dashboard) throw new HttpProblem(404, "Unknown lesson", `${course}/${lesson}`);
  return jsonResponse(dashboard);
});
export const GET = protectedRoute("read", readDashboard);
