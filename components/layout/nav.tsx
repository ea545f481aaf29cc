"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";

export type NavItem = { href: string; label: string };

export const NAV_ITEMS: NavItem[] = [
  { href: "/", label: "Overview" },
  { href: "/agents", label: "Agents" },
  { href: "/squads", label: "Squads" },
  { href: "/syndicates", label: "Syndicates" },
  { href: "/marketplace", label: "Marketplace" },
  { href: "/deployments", label: "Deployments" },
  { href: "/tasks", label: "Tasks" },
  { href: "/runs", label: "Runs" },
  { href: "/approvals", label: "Approvals" },
  { href: "/usecases", label: "Use cases" },
  { href: "/wallet", label: "Wallet" },
  { href: "/quantum", label: "Quantum" },
  { href: "/activity", label: "Activity" },
  { href: "/api-reference", label: "API reference" },
  { href: "/settings", label: "Settings" },
];

const isActive = (pathname: string, href: string) => (href === "/" ? pathname === "/" : pathname.startsWith(href));

/**
 * The main navigation. On phones the links fold behind a "Menu" button (aria-expanded), which closes again
 * on navigation, on Escape (focus returns to the button) and when a link is followed.
 */
export const Nav = ({ items = NAV_ITEMS }: { items?: NavItem[] }) => {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [shownFor, setShownFor] = useState(pathname);
  const toggle = useRef<HTMLButtonElement>(null);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <nav aria-label="Main" className="nav" data-open={open ? "true" : "false"}>
      <button ref={toggle} type="button" className="nav-toggle secondary" aria-expanded={open} aria-controls="main-nav-links" onClick={() => setOpen(!open)}>
        <span aria-hidden="true">☰</span> Menu
      </button>
      <ul id="main-nav-links">
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} aria-current={isActive(pathname, item.href) ? "page" : undefined} onClick={() => setOpen(false)}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
};
