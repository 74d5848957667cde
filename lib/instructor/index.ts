// The instructor pages: their server API on the application's database (app-instructor.ts, server
// only), the dashboard's tables and their CSV, and the pages' URLs.
export { findLessonForInstructor, getLessonDashboard } from "./app-instructor";
export type { LessonDashboard } from "./dashboard-types";
export { dashboardTable, dashboardTableIds, isDashboardTableId, csvRows } from "./tables";
export type { DashboardTable, DashboardTableId, DashboardColumn } from "./tables";
export { toCsv } from "./csv";
export * from "./urls";
