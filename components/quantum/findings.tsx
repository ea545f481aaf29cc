// How the quantum pages state a result: a definition list of short labelled values (risk,
// improvement, recommendations) and the analysis text one sentence per line, instead of
// dense paragraphs that are hard to read on a phone.
import type { ReactNode } from "react";
import styles from "./findings.module.css";

export type Finding = { term: string; detail: ReactNode; wide?: boolean };

export const Findings = ({ items, testId }: { items: Finding[]; testId?: string }) => (
  <dl className={styles.findings} data-testid={testId}>
    {items.map((item) => (
      <div key={item.term} className={item.wide ? styles.wide : undefined}>
        <dt>{item.term}</dt>
        <dd>{item.detail}</dd>
      </div>
    ))}
  </dl>
);

/** Sentences end with ". " or "; " before a capital letter; decimals ("0.512") have no space and stay whole. */
export const splitSentences = (text: string) => text.split(/(?<=[.;])\s+(?=[A-Z])/).filter((sentence) => sentence.trim() !== "");

export const AnalysisText = ({ text, testId }: { text: string; testId?: string }) => (
  <ul className={styles.sentences} data-testid={testId}>
    {splitSentences(text).map((sentence, index) => (
      <li key={index}>{sentence}</li>
    ))}
  </ul>
);
