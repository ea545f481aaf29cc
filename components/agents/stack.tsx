import type { ReactNode } from "react";
import styles from "./agents.module.css";

/** Page sections one under another; a wide table scrolls inside its card, not the page. */
export const Stack = ({ children }: { children: ReactNode }) => <div className={styles.sections}>{children}</div>;
