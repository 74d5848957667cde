import { spawn } from "node:child_process";

// npm test's static stage: typecheck, lint and content:check side by side. Each is mostly one
// thread, so on a 2-core CI machine running them together saves a minute or more of the 20-minute
// budget. Output is held back and printed whole per check, so failures stay readable; any failure
// fails the stage.

// `lint` is run as its two halves (eslint, prettier) so that neither waits for the other.
const checks = ["typecheck", "lint:code", "lint:format", "content:check"];

interface Finished {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

function run(name: string): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    const finish = (code: number) =>
      resolve({
        name,
        code,
        output: Buffer.concat(chunks).toString("utf8"),
        seconds: (performance.now() - started) / 1000,
      });
    child.on("error", (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on("close", (code) => finish(code ?? 1));
  });
}

const results = await Promise.all(checks.map(run));
for (const result of results) {
  const status = result.code === 0 ? "passed" : `FAILED (exit ${result.code})`;
  process.stdout.write(`\n> ${result.name}: ${status} in ${result.seconds.toFixed(1)} s\n`);
  process.stdout.write(result.output);
}
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
if (failed.length > 0) {
  process.stdout.write(`\nstatic checks failed: ${failed.join(", ")}\n`);
  process.exit(1);
}
process.stdout.write(`\nstatic checks passed: ${checks.join(", ")}\n`);
