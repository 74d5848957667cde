import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { HydrationMark } from "./_components/hydration-mark";
import { SiteFooter } from "./_components/site-footer";
import { SiteHeader } from "./_components/site-header";
import "./globals.css";
import "./code-colors.css";

export const metadata: Metadata = {
  title: {
    default: "Tradeoff — interview practice that shows its working",
    template: "%s · Tradeoff",
  },
  description:
    "Practise system design interview questions: the answer to give, the trade-offs behind it, and figures computed from real code.",
};

export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0f1216" },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <HydrationMark />
      </body>
    </html>
  );
}
