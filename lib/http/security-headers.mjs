// Plain JavaScript: next.config.js reads it at build and start (docs/decisions/111-security-headers.md).

/**
 * The Content-Security-Policy of every page and API response. Pages are prerendered once for
 * everyone, so a per-request nonce is not available: Next's inline bootstrap scripts need
 * 'unsafe-inline' in script-src, and everything else is held to this origin. The judge's QuickJS
 * needs 'wasm-unsafe-eval' (WebAssembly compilation, not JavaScript eval); Monaco and the judge run
 * in workers served from /_next/static; Monaco and React set inline styles.
 */
export function contentSecurityPolicy({ development = false } = {}) {
  const directives = {
    "default-src": ["'self'"],
    // Development only: React Refresh evaluates modules with eval.
    "script-src": [
      "'self'",
      "'unsafe-inline'",
      "'wasm-unsafe-eval'",
      ...(development ? ["'unsafe-eval'"] : []),
    ],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...(development ? ["ws:"] : [])],
    "worker-src": ["'self'", "blob:"],
    // A recording played back before it is sent (the mock-interview recorder).
    "media-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "frame-src": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    // Nobody may frame us: the instructor dashboard must not be clickjacked, even by a same-site page.
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** Powerful browser features nothing here uses are off; the microphone stays for our own pages. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "bluetooth=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=(self)",
  "midi=()",
  "payment=()",
  "serial=()",
  "usb=()",
].join(", ");

/** One year, subdomains included: sent only on HTTPS (browsers ignore it over plain HTTP anyway). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** The `headers()` entries of next.config.js: every path, pages and APIs alike. */
export function securityHeaderRules({ development = false } = {}) {
  return [
    {
      source: "/:path*",
      headers: [
        { key: "Content-Security-Policy", value: contentSecurityPolicy({ development }) },
        { key: "X-Frame-Options", value: "DENY" },
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        { key: "Permissions-Policy", value: PERMISSIONS_POLICY },
        { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
      ],
    },
    {
      // X-Forwarded-Proto is Next's own (from the socket) unless a proxy set it; a client that
      // claims https over plain http gets a header its browser ignores there.
      source: "/:path*",
      has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
      headers: [{ key: "Strict-Transport-Security", value: STRICT_TRANSPORT_SECURITY }],
    },
  ];
}
