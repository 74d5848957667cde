import { registerHtmlIsland } from "@/lib/content/html-islands";
import { HtmlIsland, type HtmlIslandProps } from "./html-island";

export interface StaticHtmlProps {
  as: HtmlIslandProps["as"];
  html: string;
  id?: string;
  className?: string;
}

/** A block of prose written as plain HTML by rehypeStaticIslands: a static island (decision 340). */
export function StaticHtml({ html, ...attributes }: StaticHtmlProps) {
  return <HtmlIsland {...attributes} island={registerHtmlIsland(html)} />;
}
