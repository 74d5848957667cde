import { getAuth } from "@/lib/auth";
import { protectedAuthHandler } from "@/lib/protection/app-protection";

// better-auth's endpoints (sign-up/in/out, anonymous sign-in, change-password, get-session).
// Resolved per request so that building the app never opens the database.
export const dynamic = "force-dynamic";

// Sign-up and sign-in are rate limited per IP and per account, reads of the session per IP
// (lib/protection); better-auth's own per-instance limiter is off (docs/decisions/080).
const handle = protectedAuthHandler((request) => getAuth().handler(request));

export function GET(request: Request): Promise<Response> {
  return handle(request);
}

export function POST(request: Request): Promise<Response> {
  return handle(request);
}
