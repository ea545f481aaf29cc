"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export type NavItem = { href: string; label: string };

export const NAV_ITEMS: NavItem[] = [
  { href: "/", label: "Overview" },
  { href: "/agents", label: "Agents" },
  { href: "/squads", label: "Squads" },
  { href: "/syndicates", label: "Syndicates" },
  { href: "/marketplace", label: "Marketplace" },
  { href: "/deployments", label: "Deployments" },
  { href: "/tasks", label: "Tasks" },
  { href: "/usecases", label: "Use cases" },
  { href: "/wallet", label: "Wallet" },
  { href: "/quantum", label: "Quantum" },
  { href: "/api-reference", label: "API reference" },
  { href: "/settings", label: "Settings" },
];

const isActive = (pathname: string, href: string) => (href === "/" ? pathname === "/" : pathname.startsWith(href));

export const Nav = ({ items = NAV_ITEMS }: { items?: NavItem[] }) => {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="nav">
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} aria-current={isActive(pathname, item.href) ? "page" : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
};
