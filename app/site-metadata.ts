// The document metadata every page shares: title, description, icons and the social preview
// (public/og-image.png, 1200 × 630, rendered by scripts/render-public-images.ts). Absolute image
// addresses are built on NEXTAUTH_URL, the app's public URL, when it is set.
import type { Metadata } from "next";

const DESCRIPTION = "Autonomous AI agents, squads and syndicates, with wallet metrics and quantum analytics.";
const PREVIEW = { url: "/og-image.png", width: 1200, height: 630, alt: "Syndicate: AI agents, squads and syndicates" };

const publicUrl = process.env.NEXTAUTH_URL;

export const SITE_METADATA: Metadata = {
  ...(publicUrl && URL.canParse(publicUrl) ? { metadataBase: new URL(publicUrl) } : {}),
  title: { default: "Syndicate", template: "%s · Syndicate" },
  description: DESCRIPTION,
  icons: { apple: "/apple-touch-icon.png" },
  openGraph: { type: "website", siteName: "Syndicate", title: "Syndicate", description: DESCRIPTION, images: [PREVIEW] },
  twitter: { card: "summary_large_image", title: "Syndicate", description: DESCRIPTION, images: [PREVIEW.url] },
};
