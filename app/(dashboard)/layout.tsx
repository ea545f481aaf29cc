import Link from "next/link";
import type { ReactNode } from "react";
import { Nav } from "@/components/layout/nav";

const DashboardLayout = ({ children }: { children: ReactNode }) => (
  <div className="shell">
    <header className="topbar">
      <Link href="/" className="brand">
        <span aria-hidden="true" className="brand-mark">◆</span> Syndicate
      </Link>
    </header>
    <aside className="sidebar">
      <Nav />
    </aside>
    <main className="content" id="main">
      {children}
    </main>
  </div>
);

export default DashboardLayout;
