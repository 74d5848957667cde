import Link from "next/link";
import type { ComponentPropsWithoutRef } from "react";

/** Site-absolute links navigate client-side; everything else is an ordinary link. */
export function MdxLink({ href = "", ...props }: ComponentPropsWithoutRef<"a">) {
  if (href.startsWith("/")) return <Link href={href} {...props} />;
  if (/^https?:\/\//.test(href)) return <a href={href} rel="noreferrer" {...props} />;
  return <a href={href} {...props} />;
}
