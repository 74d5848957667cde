import { z } from "zod";
import { assertSameOrigin, HttpProblem, route } from "@/lib/http/problem";
import { readJson } from "@/lib/http/body";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection/app-protection";
import { requireViewer, resolveViewer } from "@/lib/auth";
import { deleteAccount, getProfile, progressOverview } from "@/lib/progress/app-progress";

export const dynamic = "force-dynamic";

/** GET: who I am and my counts; `viewer: null` before anything has been saved. */
const readMe = route(async (request) => {
  const { viewer, headers } = await resolveViewer(request.headers);
  if (!viewer) return jsonResponse({ viewer: null, profile: null, counts: null });
  const [profile, overview] = await Promise.all([getProfile(viewer), progressOverview(viewer)]);
  return jsonResponse(
    { viewer, profile, counts: overview.counts, streak: overview.streak },
    { cookies: headers },
  );
});
export const GET = protectedRoute("read", readMe);

const deleteSchema = z.strictObject({
  confirm: z.literal("delete my account", { error: 'must be exactly "delete my account"' }),
  password: z.string().max(128).optional(),
});

/** DELETE {confirm: "delete my account", password?}: the account and all its data, for good. */
const deleteMe = route(async (request) => {
  assertSameOrigin(request);
  const body = await readJson(request, deleteSchema);
  const { viewer } = await requireViewer(request.headers);
  const cookies = await deleteAccount(request.headers, viewer, body.password);
  if (!cookies) {
    throw new HttpProblem(403, "Wrong password", undefined, [
      { field: "password", reason: "does not match this account's password" },
    ]);
  }
  return jsonResponse({ deleted: true }, { cookies });
});
export const DELETE = protectedRoute("write", deleteMe);
