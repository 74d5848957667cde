import Link from "next/link";
import styles from "./site-footer.module.css";

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>
          <strong>Tradeoff</strong> — interview practice that shows its working. Every figure in a
          lesson is computed from the code it describes.
        </p>
        <p>
          <Link href="/">All courses</Link>
        </p>
      </div>
    </footer>
  );
}
