// The head of every list page: its title and, for operators and admins only, the button that creates
// one (the "c" shortcut presses it: components/layout/keyboard-shortcuts.tsx).
import Link from "next/link";
import { WriteOnly } from "@/components/shared/write-access";

export const ListHeader = ({ title, newHref, newLabel }: { title: string; newHref: string; newLabel: string }) => (
  <div className="page-header">
    <h1>{title}</h1>
    <WriteOnly>
      <Link className="button" href={newHref} data-shortcut="create" aria-keyshortcuts="c">
        {newLabel}
      </Link>
    </WriteOnly>
  </div>
);
