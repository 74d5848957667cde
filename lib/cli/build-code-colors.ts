// npm run build:code-colors — regenerates app/code-colors.css, the colours of highlighted code's
// palette classes, from the two shiki themes (lib/content/code-colors.ts).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expectedCodeColorsCss } from "@/lib/content/highlight";

const target = join(process.cwd(), "app/code-colors.css");
const css = await expectedCodeColorsCss();
writeFileSync(target, css);
console.log(`build:code-colors ${css.length} characters: ${target}`);
