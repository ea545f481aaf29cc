import styles from "./layout.module.css";

/**
 * What a dashboard page shows while its data loads (the loading.tsx of its segment): grey blocks in the
 * page's shape, announced once as "Loading …" (role="status"), so a slow page never looks frozen.
 */
export const PageSkeleton = ({ variant, label }: { variant: "list" | "detail"; label: string }) => (
  <div role="status" aria-label={label} className={styles.skeletonPage} data-testid="page-skeleton">
    <div className={`${styles.bone} ${styles.title}`} />
    {variant === "detail" ? (
      <>
        <div className={`${styles.bone} ${styles.line}`} />
        <div className={styles.boneRow}>
          {[0, 1, 2, 3].map((key) => (
            <div key={key} className={`${styles.bone} ${styles.stat}`} />
          ))}
        </div>
        <div className={`${styles.bone} ${styles.block}`} />
      </>
    ) : (
      <>
        <div className={`${styles.bone} ${styles.toolbar}`} />
        {[0, 1, 2, 3, 4, 5].map((key) => (
          <div key={key} className={`${styles.bone} ${styles.row}`} />
        ))}
      </>
    )}
  </div>
);
