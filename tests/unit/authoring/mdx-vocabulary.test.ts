import { expect, test } from "vitest";
import { mdxComponents } from "@/app/_components/mdx/mdx-components";
import { isComponentName, mdxVocabulary } from "@/lib/authoring/mdx-vocabulary";
import { STATIC_ISLAND_COMPONENT } from "@/lib/content/static-islands";

test("content:check knows exactly the components the site renders, but for the one the pipeline writes", () => {
  const rendered = Object.keys(mdxComponents).filter(isComponentName).sort();
  // The static islands' component is written by the MDX pipeline, never by an author.
  expect(rendered).toContain(STATIC_ISLAND_COMPONENT);
  expect(mdxVocabulary).not.toHaveProperty(STATIC_ISLAND_COMPONENT);
  expect(Object.keys(mdxVocabulary).sort()).toEqual(
    rendered.filter((name) => name !== STATIC_ISLAND_COMPONENT),
  );
});
