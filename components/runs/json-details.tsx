import { ScrollRegion } from "@/components/ui/scroll-region";
import styles from "./runs.module.css";

/** Structured content (a step's data, an approval's details, a result) as formatted JSON, collapsed until opened. */
export const JsonDetails = ({ summary, label, value }: { summary: string; label: string; value: unknown }) => (
  <details className={styles.json}>
    <summary>{summary}</summary>
    <ScrollRegion label={label}>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </ScrollRegion>
  </details>
);
