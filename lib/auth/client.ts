"use client";

import { anonymousClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/**
 * The browser side of better-auth: same-origin requests to /api/auth (no baseURL, so it follows
 * whatever host served the page).
 */
export const authClient = createAuthClient({ plugins: [anonymousClient()] });
