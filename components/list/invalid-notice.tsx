// Names every list shares, in words.
const COMMON_LABELS: Record<string, string> = { limit: "page size" };

/** The one notice a list page shows when some of its search params were not understood. */
export const InvalidParamsNotice = ({ invalid, labels = {} }: { invalid: string[]; labels?: Record<string, string> }) =>
  invalid.length === 0 ? null : (
    <p role="status" className="alert">
      Ignored {invalid.length === 1 ? "a filter" : "filters"} that could not be understood: {invalid.map((key) => labels[key] ?? COMMON_LABELS[key] ?? key).join(", ")}. The
      other filters still apply.
    </p>
  );
