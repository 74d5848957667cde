/** How the learner summary keys a lesson: `course/lesson` (browser-safe, no imports). */
export const lessonKey = (course: string, lesson: string) => `${course}/${lesson}`;
