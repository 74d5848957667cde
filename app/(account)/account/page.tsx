import type { Metadata } from "next";
import { AccountPanel } from "@/app/_components/progress/account-panel";
import styles from "../page.module.css";

export const metadata: Metadata = { title: "Account" };

export default function AccountPage() {
  return (
    <div className={styles.page}>
      <h1>Account</h1>
      <AccountPanel />
    </div>
  );
}
