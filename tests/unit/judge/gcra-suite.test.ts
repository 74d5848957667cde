import { expect, test } from "vitest";
import { judgeExercise, solutionOf } from "./judge-helpers";

// GCRA's hidden traces were cut from 8 × 400 steps to 8 × 80 (decision 401). Wrong GCRAs, each
// with the traces ("same decisions as the token bucket") that caught it when they were 400 steps
// long: the short traces must still catch each of them in every one of those.

const ALL = ["10, 5/s", "1, 1/s", "3, 2/s", "5, 4/s", "8, 0.5/s", "4, 20/s", "6, 25/s", "2, 8/s"];
const check = "if (next - now > this.capacity * this.intervalMs)";
const store = "    this.tat = next;\n    return true;";

const wrong: Record<string, [find: string, replace: string, caughtBy: string[]]> = {
  "admits one ms early": [check, `${check.slice(0, -1)} + 1)`, ["6, 25/s"]],
  "refuses one ms late": [check, `${check.slice(0, -1)} - 1)`, ALL],
  "refuses at the edge (>=)": [check, check.replace(">", ">="), ALL],
  "stores now plus the cost": [
    store,
    "    this.tat = now + n * this.intervalMs;\n    return true;",
    ALL.filter((c) => c !== "1, 1/s"),
  ],
  "stores one interval whatever the cost": [
    store,
    "    this.tat = Math.max(this.tat, now) + this.intervalMs;\n    return true;",
    ALL.filter((c) => c !== "1, 1/s"),
  ],
  "checks capacity only for single requests": [
    `${check} return false;`,
    `if (n === 1 && next - now > this.capacity * this.intervalMs) return false;`,
    ALL,
  ],
};

test("the short GCRA traces catch every wrong GCRA the 400-step ones caught, in each trace that did", async () => {
  const solution = solutionOf("gcra");
  for (const [name, [find, replace, caughtBy]] of Object.entries(wrong)) {
    expect(solution, name).toContain(find);
    const doc = await judgeExercise("gcra", solution.replace(find, replace));
    const failed = doc.tests.filter((t) => t.status !== "pass").map((t) => t.name);
    const missed = caughtBy.filter(
      (config) => !failed.some((t) => t.startsWith(`GCRA(${config})`)),
    );
    expect(missed, name).toEqual([]);
  }
});
