import type { ReactNode } from "react";
import styles from "./mdx.module.css";

const kinds = {
  note: "Note",
  tip: "Tip",
  warning: "Warning",
  interview: "In the interview",
} as const;

export interface CalloutProps {
  kind?: keyof typeof kinds;
  title?: string;
  children: ReactNode;
}

/** `<Callout kind="note|tip|warning|interview" title="...">markdown</Callout>`. */
export function Callout({ kind = "note", title, children }: CalloutProps) {
  if (!Object.hasOwn(kinds, kind)) {
    throw new Error(
      `<Callout kind="${String(kind)}">: kind must be one of ${Object.keys(kinds).join(", ")}`,
    );
  }
  return (
    <div className={styles.callout} data-kind={kind} role="note">
      <p className={styles.calloutTitle}>
        <span className={styles.calloutKind}>{kinds[kind]}</span>
        {title ? <span>{title}</span> : null}
      </p>
      <div className={styles.calloutBody}>{children}</div>
    </div>
  );
}
