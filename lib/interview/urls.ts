// Where the mock-interview pages live: /interview/<course>/<lesson>[/drill|/follow-ups|/simulation].

export type InterviewMode = "drill" | "follow-ups" | "simulation";

export function interviewHref(course: string, lesson: string, mode?: InterviewMode): string {
  return `/interview/${course}/${lesson}${mode ? `/${mode}` : ""}`;
}

export const interviewIndexHref = "/interview";
