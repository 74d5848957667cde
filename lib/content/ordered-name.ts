// Folder and file names carry their order: `01.rate-limiter`, `03.reference.mdx`. The slug (the part
// after the prefix) is what URLs and progress rows use, so it must be stable and URL-safe.
import { SLUG_SOURCE } from "./slug";

const orderedPattern = new RegExp(`^(\\d+)\\.(${SLUG_SOURCE})$`);

export interface OrderedName {
  order: number;
  slug: string;
}

/** `"01.rate-limiter"` → `{ order: 1, slug: "rate-limiter" }`; `null` when the name does not fit. */
export function parseOrderedName(name: string): OrderedName | null {
  const match = orderedPattern.exec(name);
  if (!match?.[1] || !match[2]) return null;
  return { order: Number(match[1]), slug: match[2] };
}
