import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Syndicate", template: "%s · Syndicate" },
  description: "Autonomous AI agents, squads and syndicates, with wallet metrics and quantum analytics.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

const RootLayout = ({ children }: { children: ReactNode }) => (
  <html lang="en">
    <body>
      <Providers>{children}</Providers>
    </body>
  </html>
);

export default RootLayout;
