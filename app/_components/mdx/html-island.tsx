"use client";

import { useEffect, useState, type HTMLAttributes } from "react";
import { htmlIslandRegistry } from "@/lib/content/html-island-registry";

// A static island (decision 340): markup the server wrote into the HTML and the framework's payload
// does not repeat. The payload carries only `island` (a hash of the markup). Rendering the page's
// HTML, the server finds the markup in the process's registry; hydrating, the browser reads it back
// from the element the server wrote. After a client-side navigation there is no such element: the
// markup comes from the page's own HTML (prerendered, cached), fetched once per page.

type IslandTag =
  "pre" | "div" | "p" | "h2" | "h3" | "h4" | "ul" | "ol" | "blockquote" | "table" | "figure";

export interface HtmlIslandProps extends HTMLAttributes<HTMLElement> {
  island: string;
  as: IslandTag;
}

const seen = new Map<string, string>();
// Only after a client-side navigation: loaded then, not with the page.
const loadPageMarkup = () => import("./html-island-page");

function markupNow(island: string): string | undefined {
  if (typeof window === "undefined") {
    const html = htmlIslandRegistry().get(island);
    // Rendering without the markup would lose content silently: fail the render instead.
    if (html === undefined) throw new Error(`HTML island ${island} is not in this process`);
    return html;
  }
  if (!seen.has(island)) {
    // One pass over the document for all of a page's islands, not a query for each as it hydrates.
    for (const element of document.querySelectorAll("[data-island]")) {
      const id = element.getAttribute("data-island")!;
      if (!seen.has(id)) seen.set(id, element.innerHTML);
    }
  }
  return seen.get(island);
}

export function HtmlIsland({ island, as: Tag, ...attributes }: HtmlIslandProps) {
  const [html, setHtml] = useState(() => markupNow(island));

  useEffect(() => {
    if (html !== undefined) return;
    let live = true;
    const path = window.location.pathname;
    void loadPageMarkup()
      .then(({ markupFromPage }) => markupFromPage(path, island, () => live))
      .then((markup) => {
        if (!live || markup === undefined) return;
        seen.set(island, markup);
        setHtml(markup);
      });
    return () => {
      live = false;
    };
  }, [html, island]);

  return (
    <Tag
      {...attributes}
      data-island={island}
      aria-busy={html === undefined ? true : undefined}
      dangerouslySetInnerHTML={{ __html: html ?? "" }}
    />
  );
}
