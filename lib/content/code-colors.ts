import type { Element } from "hast";
import type { Highlighter, ShikiTransformer } from "shiki";

// Highlighted code carries class names instead of inline colours: each token is `class="l3 d7"` (its
// colour's index in the light and in the dark theme's palette) where shiki writes
// `style="--shiki-light:#CF222E;--shiki-dark:#FF7B72"`. The page is a third of the size, and the
// stylesheet that gives the classes their colours (app/code-colors.css) is generated from the same
// two themes by `npm run build:code-colors` (decision 141).

export interface CodePalette {
  light: readonly string[];
  dark: readonly string[];
}

/** Every foreground colour each theme can give a token, lower-case, in a stable order. */
export function codePalette(
  highlighter: Highlighter,
  themes: { light: string; dark: string },
): CodePalette {
  const colours = (name: string) => {
    const theme = highlighter.getTheme(name);
    const found = new Set<string>([theme.fg.toLowerCase()]);
    for (const rule of theme.settings) {
      const foreground = rule.settings?.foreground;
      if (foreground) found.add(foreground.toLowerCase());
    }
    return [...found].sort();
  };
  return { light: colours(themes.light), dark: colours(themes.dark) };
}

const fontClasses: Record<string, string> = {
  "font-style:italic": "fi",
  "font-weight:bold": "fb",
  "text-decoration:underline": "fu",
  "text-decoration:line-through": "fs",
};

/**
 * Rewrites shiki's inline colour variables into palette classes; anything unexpected stays inline.
 * A token in both themes' default colours (`defaults`, which `.shiki` sets) gets no class at all.
 */
export function paletteClasses(
  palette: CodePalette,
  defaults: { light: string; dark: string },
): ShikiTransformer {
  const light = new Map(palette.light.map((colour, i) => [colour, `l${i}`]));
  const dark = new Map(palette.dark.map((colour, i) => [colour, `d${i}`]));
  const plain = new Set([light.get(defaults.light), dark.get(defaults.dark)]);
  return {
    name: "tradeoff:palette-classes",
    pre(node: Element) {
      // The block's own colours are the themes' defaults, which the stylesheet sets on .shiki.
      delete node.properties["style"];
    },
    span(node: Element) {
      const style = node.properties["style"];
      if (typeof style !== "string") return;
      const classes = classesFor(style, light, dark);
      if (!classes) return;
      delete node.properties["style"];
      if (classes.length === 2 && classes.every((name) => plain.has(name))) return;
      const existing = node.properties["className"];
      node.properties["className"] = [...(Array.isArray(existing) ? existing : []), ...classes];
    },
  };
}

function classesFor(
  style: string,
  light: ReadonlyMap<string, string>,
  dark: ReadonlyMap<string, string>,
): string[] | undefined {
  const byTheme: Record<"light" | "dark", Map<string, string>> = {
    light: new Map(),
    dark: new Map(),
  };
  for (const declaration of style.split(";")) {
    const match = /^--shiki-(light|dark)(?:-([a-z-]+))?:(.+)$/.exec(declaration.trim());
    if (!match) return undefined;
    byTheme[match[1] as "light" | "dark"].set(match[2] ?? "color", match[3]!.trim().toLowerCase());
  }
  const classes: string[] = [];
  const lightColour = byTheme.light.get("color");
  const darkColour = byTheme.dark.get("color");
  if (lightColour !== undefined) {
    const name = light.get(lightColour);
    if (!name) return undefined;
    classes.push(name);
  }
  if (darkColour !== undefined) {
    const name = dark.get(darkColour);
    if (!name) return undefined;
    classes.push(name);
  }
  for (const [property, value] of byTheme.light) {
    if (property === "color") continue;
    // A font style that differs between the themes has no single class: keep it inline.
    if (byTheme.dark.get(property) !== value) return undefined;
    for (const part of value.split(" ")) {
      const name = fontClasses[`${property}:${part}`];
      if (!name) return undefined;
      classes.push(name);
    }
  }
  for (const property of byTheme.dark.keys()) {
    if (property !== "color" && !byTheme.light.has(property)) return undefined;
  }
  return classes;
}

/**
 * The (light, dark) colour pairs the two themes give tokens, as their palette classes ("l9 d8"), in
 * the themes' rule order. The themes are parallel (rule i of one styles what rule i of the other
 * does), so a token's two colours are one of these pairs; the default pair is left out (no tag).
 * A run in pair i is written `<c-i>…</c-i>`, 11 bytes of markup instead of the 27 of
 * `<span class="l9 d8">…</span>` (decision 341); anything else keeps its span.
 */
export function codePairs(
  highlighter: Highlighter,
  themes: { light: string; dark: string },
  palette: CodePalette,
): string[] {
  const light = highlighter.getTheme(themes.light);
  const dark = highlighter.getTheme(themes.dark);
  const defaults = `${light.fg.toLowerCase()} ${dark.fg.toLowerCase()}`;
  const pairs: string[] = [];
  light.settings.forEach((rule, index) => {
    const lightColour = rule.settings?.foreground?.toLowerCase();
    const darkColour = dark.settings[index]?.settings?.foreground?.toLowerCase();
    if (!lightColour || !darkColour || `${lightColour} ${darkColour}` === defaults) return;
    const pair = `l${palette.light.indexOf(lightColour)} d${palette.dark.indexOf(darkColour)}`;
    if (!pairs.includes(pair)) pairs.push(pair);
  });
  return pairs;
}

/** The tag of pair `index` (codePairs): a custom element, styled by app/code-colors.css. */
export function pairTag(index: number): string {
  return `c-${index}`;
}

/** The stylesheet for the palette classes: light colours, then dark ones under the dark scheme. */
export function codeColorsCss(
  palette: CodePalette,
  defaults: { light: string; dark: string },
  pairs: readonly string[] = [],
): string {
  const rules = (colours: readonly string[], prefix: string, indent: string) =>
    colours.map(
      (colour, i) => `${indent}.shiki .${prefix}${i} {\n${indent}  color: ${colour};\n${indent}}`,
    );
  const pairRules = (theme: "light" | "dark", indent: string) =>
    pairs.map((pair, i) => {
      const [lightName, darkName] = pair.split(" ") as [string, string];
      const colour =
        theme === "light"
          ? palette.light[Number(lightName.slice(1))]
          : palette.dark[Number(darkName.slice(1))];
      return `${indent}.shiki ${pairTag(i)} {\n${indent}  color: ${colour};\n${indent}}`;
    });
  return [
    "/* Generated by `npm run build:code-colors` from the two shiki themes (lib/content/code-colors.ts). */",
    "",
    `.shiki {\n  color: ${defaults.light};\n  background-color: var(--color-code-bg);\n}`,
    ...rules(palette.light, "l", ""),
    ...pairRules("light", ""),
    ".shiki .fi {\n  font-style: italic;\n}",
    ".shiki .fb {\n  font-weight: bold;\n}",
    ".shiki .fu {\n  text-decoration: underline;\n}",
    ".shiki .fs {\n  text-decoration: line-through;\n}",
    "",
    "@media (prefers-color-scheme: dark) {",
    `  .shiki {\n    color: ${defaults.dark};\n  }`,
    ...rules(palette.dark, "d", "  "),
    ...pairRules("dark", "  "),
    "}",
    "",
  ].join("\n");
}

/** Each theme's default foreground, the colour `.shiki` gives text without a class. */
export function themeDefaults(
  highlighter: Highlighter,
  themes: { light: string; dark: string },
): { light: string; dark: string } {
  return {
    light: highlighter.getTheme(themes.light).fg.toLowerCase(),
    dark: highlighter.getTheme(themes.dark).fg.toLowerCase(),
  };
}
