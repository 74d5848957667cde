"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { signInHref } from "@/lib/auth/return-path";

/** "Sign in", coming back to this page afterwards (the 401 page renders under the page's URL). */
export function SignInLink({ children = "Sign in" }: { children?: string }) {
  const pathname = usePathname();
  return <Link href={signInHref(pathname)}>{children}</Link>;
}
