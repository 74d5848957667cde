import Link from "next/link";
import styles from "./breadcrumbs.module.css";

export interface Crumb {
  label: string;
  href: string;
}

/** Where this page sits: Courses › Course › Lesson. The current page is the h1, not a crumb. */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
      <ol>
        {trail.map((crumb) => (
          <li key={crumb.href}>
            <Link href={crumb.href}>{crumb.label}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
