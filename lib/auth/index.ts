// Identity on the application's database: who a request comes from (the Viewer), from its session
// cookie. Progress, interviews and the instructor pages all ask here; app-auth.ts wires it.
export { createAuth, type Auth, type AuthOptions } from "./auth";
export type { ViewerContext } from "./identity";
export { instructorAccess, type Role, type Viewer } from "./viewer";
export {
  getAuth,
  getViewer,
  requireInstructor,
  requireLearner,
  requireViewer,
  resolveViewer,
} from "./app-auth";
