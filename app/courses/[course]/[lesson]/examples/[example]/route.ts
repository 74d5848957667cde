import fs from "node:fs";
import { notFound } from "next/navigation";
import { getCatalog, requireLesson } from "@/app/_components/content-lookup";
import { findExample, listExamples } from "@/lib/content/run-example";

// The source of a lesson example the page shows only by its output (`<RunExample show="output">`):
// "Edit and run" fetches it when the learner asks, instead of every page load carrying it in the
// framework's payload (decision 590). Prerendered with the site, one file per example.

interface ExampleParams {
  params: Promise<{ course: string; lesson: string; example: string }>;
}

export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams() {
  return getCatalog().courses.flatMap((course) =>
    course.lessons.flatMap((lesson) =>
      listExamples(lesson.dir).map((id) => ({
        course: course.slug,
        lesson: lesson.slug,
        example: `${id}.ts`,
      })),
    ),
  );
}

export async function GET(_request: Request, { params }: ExampleParams): Promise<Response> {
  const slugs = await params;
  const { lesson } = requireLesson(slugs.course, slugs.lesson);
  const id = slugs.example.replace(/\.ts$/, "");
  if (!slugs.example.endsWith(".ts") || !listExamples(lesson.dir).includes(id)) notFound();
  const source = fs.readFileSync(findExample(lesson.dir, id, lesson.file), "utf8");
  return new Response(source, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
