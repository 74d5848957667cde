// Build-time loader for Excalidraw's font module. Every font face it builds lists, after the asset path
// we give it (our origin), a fallback on a public CDN; the browser's CSP then reports a blocked font for
// each one, and on a machine without that CDN the fallback is dead weight. Pointing the fallback at our
// own asset route keeps every source on our origin (docs/decisions/171).
const CDN_FALLBACK = /`https:\/\/esm\.sh\/.*?\/dist\/prod\/`/g;

module.exports = function replaceCanvasCdnFallback(source) {
  // An absolute URL: the library resolves font paths against it with new URL(path, base).
  return source.replace(
    CDN_FALLBACK,
    '(typeof window !== "undefined" ? window.location.origin : "http://localhost") + "/canvas-assets/"',
  );
};
