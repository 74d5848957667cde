// Types of the plain-JavaScript build step next.config.js runs (compile-hints.mjs).
export declare const COMPILE_HINT: string;
export declare function frameworkChunks(distDir: string): string[];
export declare function addCompileHints(distDir: string): {
  chunks: number;
  bytes: number;
  added: number;
};
