"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { inNextTask } from "./in-next-task";

interface SessionAnswer {
  user?: { role?: unknown; isAnonymous?: unknown };
}

/**
 * "Instructor" in the header, for instructors only. The header is part of every static page, so the
 * role is asked in the browser: better-auth's get-session reads the session and nothing else (no
 * progress counts, unlike /api/me). Asked again on each navigation, so the link appears right after
 * signing in and goes after signing out. Hiding it is a convenience, not a lock: the instructor
 * pages check the role on the server.
 */
export function InstructorLink() {
  const pathname = usePathname();
  const [instructor, setInstructor] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const cancel = inNextTask(() => {
      fetch("/api/auth/get-session", { signal: controller.signal })
        .then((response) =>
          response.ok ? (response.json() as Promise<SessionAnswer | null>) : null,
        )
        .then((session) => setInstructor(session?.user?.role === "instructor"))
        .catch(() => {
          // Offline, aborted or refused: keep what we showed.
        });
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, [pathname]);

  return instructor ? <Link href="/instructor">Instructor</Link> : null;
}
