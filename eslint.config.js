import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// What the guide promises about layers, enforced here so that a review does not have to (decision 090).
const importsOfApp = {
  group: ["@/app", "@/app/*", "**/app/*", "!**/lib/**"],
  message: "lib/ never imports app/: move what both need into lib/.",
};
const frameworkImports = [
  {
    group: ["next", "next/*", "react", "react-dom", "react/*"],
    message: "pure domain code does not import Next or React.",
  },
  {
    group: ["@prisma/*", "prisma", "@/lib/db", "@/lib/db/*", "**/lib/db/*"],
    message: "pure domain code does not reach the database.",
  },
  {
    group: ["@/lib/env", "**/lib/env", "**/env"],
    message: "pure domain code takes its settings as arguments, not from the environment.",
  },
];
const wallClock = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: "Read time from the injected clock, not Date.now().",
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: "Read time from the injected clock, not new Date().",
  },
  {
    selector: "CallExpression[callee.object.name='performance'][callee.property.name='now']",
    message: "Read time from the injected clock, not performance.now().",
  },
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "data/**",
      "coverage/**",
      "test-results/**",
      "playwright-report/**",
      "lib/db/generated/**",
      "next-env.d.ts",
      "tests/fixtures/judge/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["lib/**/*.{ts,tsx,js,mjs}"],
    rules: { "no-restricted-imports": ["error", { patterns: [importsOfApp] }] },
  },
  {
    files: ["lib/limiters/**/*.ts", "lib/judge/core/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [importsOfApp, ...frameworkImports] }],
      "no-restricted-syntax": ["error", ...wallClock],
    },
  },
  {
    // The two places that are allowed a real clock: SystemClock is the adapter every limiter is given in
    // production, and the judge's default work timer measures CPU budget, never a limiter's time.
    files: ["lib/limiters/clock.ts", "lib/judge/core/judge-in-sandbox.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
];

export default config;
