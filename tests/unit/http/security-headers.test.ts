import { describe, expect, test } from "vitest";
import { contentSecurityPolicy } from "@/lib/http/security-headers.mjs";

describe("security headers", () => {
  test("every path gets the headers; HSTS only when the request came over HTTPS", async () => {
    // A plain-JavaScript config file; loaded by path so the typechecker does not need its types.
    const configPath: string = "@/next.config.js";
    const { default: nextConfig } = (await import(configPath)) as {
      default: (phase: string) => { headers: () => Promise<unknown[]> };
    };
    const config = nextConfig("phase-production-build");
    const rules = (await config.headers()) as {
      source: string;
      has?: { key: string; value: string }[];
      headers: { key: string; value: string }[];
    }[];
    const always = rules.find((rule) => !rule.has)!;
    expect(always.source).toBe("/:path*");
    expect(always.headers.map((header) => header.key)).toEqual([
      "Content-Security-Policy",
      "X-Frame-Options",
      "X-Content-Type-Options",
      "Referrer-Policy",
      "Permissions-Policy",
      "Cross-Origin-Opener-Policy",
    ]);
    const https = rules.find((rule) => rule.has)!;
    expect(https.has).toEqual([{ type: "header", key: "x-forwarded-proto", value: "https" }]);
    expect(https.headers[0]?.key).toBe("Strict-Transport-Security");
  });

  test("the policy allows WebAssembly but not eval, and eval only for the development server", () => {
    const production = contentSecurityPolicy();
    expect(production).toMatch(/script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval';/);
    expect(production).toContain("frame-ancestors 'none'");
    expect(production).toContain("object-src 'none'");
    expect(production).not.toContain("'unsafe-eval'");
    expect(contentSecurityPolicy({ development: true })).toContain("'unsafe-eval'");
  });
});
