// The load balancer's health check (lib/cluster/haproxy-config.ts): the instance is serving.
// Not rate limited: the balancer asks every second from one address, and a check refused with 429
// would take a healthy instance out.

export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
