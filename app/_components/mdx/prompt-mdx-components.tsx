import type { MDXComponents } from "mdx/types";
import { Callout } from "./callout";
import { CodeBlock } from "./code-block";
import { MdxLink } from "./mdx-link";
import { Reveal } from "./reveal";
import { StaticHtml } from "./static-html";

/**
 * The vocabulary of an exercise's prompt (its README.mdx): markdown, code, callouts and reveals. Apart
 * from mdx-components.tsx because a page's JavaScript carries the client code of every component its
 * server code imports, rendered or not: the lesson components (the lab, cards, traps, examples) would
 * weigh on the exercise page's first load (decision 342). A prompt using another component fails the
 * build, naming it.
 */
export const promptMdxComponents = {
  pre: CodeBlock,
  a: MdxLink,
  Callout,
  Reveal,
  StaticHtml,
} satisfies MDXComponents;
