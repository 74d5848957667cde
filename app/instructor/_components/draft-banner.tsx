import styles from "./instructor.module.css";

/** Over every preview: whether learners can see this lesson yet. */
export function DraftBanner({ draft }: { draft: boolean }) {
  return (
    <div className={styles.banner} role="note" data-testid="preview-banner">
      {draft ? (
        <>
          <strong>Draft</strong> — only instructors can see this lesson. Set{" "}
          <code>draft: false</code> in its lesson.mdx to publish it; links into it 404 for learners
          until then.
        </>
      ) : (
        <>
          <strong>Preview</strong> — this lesson is published; learners see it at its usual address.
        </>
      )}
    </div>
  );
}
