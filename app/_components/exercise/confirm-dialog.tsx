"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import styles from "./exercise.module.css";
import dialogStyles from "./confirm-dialog.module.css";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal `<dialog>`: the browser traps focus, Escape cancels, and focus returns to the button that
 * opened it. Used before anything that throws work away (reset) or cannot be undone (give up).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={dialogStyles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className={dialogStyles.dialogTitle}>
        {title}
      </h2>
      <div className={dialogStyles.dialogBody}>{children}</div>
      <div className={dialogStyles.dialogActions}>
        <button type="button" className={styles.secondaryButton} onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className={styles.dangerButton} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
