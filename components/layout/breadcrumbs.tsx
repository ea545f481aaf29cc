import Link from "next/link";
import styles from "./layout.module.css";

export type Crumb = { label: string; href?: string };

/**
 * Where a page sits: "Agents › Scout Alpha › Edit". A landmark named "Breadcrumb"; the last crumb is the
 * page itself (aria-current, not a link). Pages pass the record's name, not its id, wherever they know it.
 */
export const Breadcrumbs = ({ items }: { items: Crumb[] }) => (
  <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
    <ol>
      {items.map((item, index) =>
        index === items.length - 1 || !item.href ? (
          <li key={index} aria-current={index === items.length - 1 ? "page" : undefined}>
            {item.label}
          </li>
        ) : (
          <li key={index}>
            <Link href={item.href}>{item.label}</Link>
          </li>
        ),
      )}
    </ol>
  </nav>
);
