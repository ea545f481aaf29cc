import { ScrollRegion } from "@/components/ui/scroll-region";
import styles from "./runs.module.css";

/**
 * Structured content (a step's data, an approval's details, a result) as formatted JSON, collapsed until
 * opened. With `asText`, a string is shown as it is (a tool's plain-text answer, arguments a model sent
 * that are not JSON) rather than as a quoted JSON string.
 */
export const JsonDetails = ({ summary, label, value, asText = false }: { summary: string; label: string; value: unknown; asText?: boolean }) => (
  <details className={styles.json}>
    <summary>{summary}</summary>
    <ScrollRegion label={label}>
      <pre>{asText && typeof value === "string" ? value : JSON.stringify(value, null, 2)}</pre>
    </ScrollRegion>
  </details>
);
