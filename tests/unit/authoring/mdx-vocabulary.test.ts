import { expect, test } from "vitest";
import { mdxComponents } from "@/app/_components/mdx/mdx-components";
import { isComponentName, mdxVocabulary } from "@/lib/authoring/mdx-vocabulary";

test("content:check knows exactly the components the site renders", () => {
  const rendered = Object.keys(mdxComponents).filter(isComponentName).sort();
  expect(Object.keys(mdxVocabulary).sort()).toEqual(rendered);
});
