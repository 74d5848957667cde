import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_SERVER } from "next/constants.js";
import { addCompileHints } from "./lib/build/compile-hints.mjs";
import { securityHeaderRules } from "./lib/http/security-headers.mjs";
import { installSocketAddressHook } from "./lib/http/socket-address-hook.mjs";

/** @type {(phase: string) => import('next').NextConfig} */
export default function nextConfig(phase) {
  // Route handlers get no socket: the hook hands them its address in a header a client cannot
  // forge (docs/decisions/110-socket-address.md). Only the processes that serve requests need it.
  if (phase === PHASE_PRODUCTION_SERVER || phase === PHASE_DEVELOPMENT_SERVER) {
    installSocketAddressHook();
  }
  const development = phase === PHASE_DEVELOPMENT_SERVER;
  return {
    reactStrictMode: true,
    poweredByHeader: false,
    // Next hashes every HTML response, character by character in JavaScript, to make its ETag: on the
    // load benchmark that was a fifth of the server's main thread (the Reference page is 790 KB), and
    // the slowest page loads queued behind it. Pages are rebuilt only by a deploy (087).
    generateEtags: false,
    // \`npm test\` typechecks the whole tree once (tsc --noEmit); doing it again inside every build only
    // doubles the build time.
    typescript: { ignoreBuildErrors: true },
    // Native addons and WASM runtimes are loaded from node_modules at run time, not bundled.
    serverExternalPackages: [
      "better-sqlite3",
      "quickjs-emscripten-core",
      "@jitl/quickjs-wasmfile-release-sync",
      "sucrase",
      "ioredis",
      "shiki",
    ],
    // Excalidraw's fonts fall back to a CDN; the loader points that fallback at our own asset route.
    turbopack: {
      rules: {
        "**/@excalidraw/excalidraw/dist/prod/*.js": {
          loaders: ["./lib/interview/canvas-cdn-loader.cjs"],
          as: "*.js",
        },
      },
    },
    // The framework's chunks, which every page runs before it hydrates, are compiled eagerly, off the
    // main thread, as they stream in: the task that starts React halves (docs/decisions/530).
    compiler: {
      runAfterProductionCompile: async ({ distDir }) => {
        const { chunks, bytes, added } = addCompileHints(distDir);
        console.log(
          `compile hints: ${chunks} framework chunks (${Math.round(bytes / 1024)} KB), ${added} newly hinted`,
        );
      },
    },
    experimental: {
      // forbidden() / unauthorized(): the instructor pages answer a real 403 / 401 (docs/decisions/062).
      authInterrupts: true,
      // CI builds in a clean clone and never builds again from it, so Turbopack's cache is written
      // for nobody: 15 s of an 80 s cold build here. Developers keep it (rebuilds take half the time).
      turbopackFileSystemCacheForBuild: !process.env.CI,
    },
    // CSP, framing, sniffing, referrer, permissions, HSTS on HTTPS: pages and APIs alike (111).
    headers: async () => securityHeaderRules({ development }),
  };
}
