import { route } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection/app-protection";
import { requireViewer } from "@/lib/auth";
import { exportUserData } from "@/lib/progress/app-progress";

export const dynamic = "force-dynamic";

/** GET: all my data as a JSON download. */
const exportMe = route(async (request) => {
  const { viewer, headers } = await requireViewer(request.headers);
  const data = await exportUserData(viewer);
  return jsonResponse(data, {
    cookies: headers,
    headers: { "content-disposition": 'attachment; filename="tradeoff-my-data.json"' },
  });
});
export const GET = protectedRoute("read", exportMe);
