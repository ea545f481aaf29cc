import Link from "next/link";
import { Suspense, type ReactNode } from "react";
import { Nav } from "@/components/layout/nav";
import { NavigationProgress } from "@/components/layout/navigation-progress";
import { SearchPalette } from "@/components/search/search-palette";
import { KeyboardShortcuts } from "@/components/layout/keyboard-shortcuts";
import { UserMenu } from "@/components/auth/user-menu";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import { currentUser } from "@/lib/auth/get-current-user";

export const dynamic = "force-dynamic";

const DashboardLayout = async ({ children }: { children: ReactNode }) => {
  const user = await currentUser();
  return (
    <div className="shell">
      {/* The first stop of the keyboard: past the top bar and the navigation, to the page itself. */}
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Suspense fallback={null}>
        <NavigationProgress />
      </Suspense>
      <header className="topbar">
        <Link href="/" className="brand">
          <span aria-hidden="true" className="brand-mark">◆</span> Syndicate
        </Link>
        <div className="topbar-end">
          <SearchPalette />
          <KeyboardShortcuts />
          <ThemeToggle />
          <UserMenu email={user?.email} role={user?.role} />
        </div>
      </header>
      <aside className="sidebar">
        <Nav />
      </aside>
      <main className="content" id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
};

export default DashboardLayout;
