import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import Script from "next/script";
import { Providers } from "@/components/providers";
import { THEME_SCRIPT } from "@/components/ui/theme-script";
// Inter, served from this app (the font files ship in the package: nothing is fetched from elsewhere);
// the subsets a page needs are loaded by their unicode ranges.
import "@fontsource-variable/inter";
import "./globals.css";
import { SITE_METADATA } from "./site-metadata";

export const metadata: Metadata = SITE_METADATA;

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

const RootLayout = ({ children }: { children: ReactNode }) => (
  // The theme script sets data-theme on <html> before React hydrates, hence suppressHydrationWarning there.
  // Next places a beforeInteractive script in <head> itself, outside the tree React hydrates.
  <html lang="en" suppressHydrationWarning>
    <body>
      <Script id="theme" strategy="beforeInteractive">
        {THEME_SCRIPT}
      </Script>
      <Providers>{children}</Providers>
    </body>
  </html>
);

export default RootLayout;
