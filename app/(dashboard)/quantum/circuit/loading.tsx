import { PageSkeleton } from "@/components/layout/page-skeleton";

// See docs/dashboard.md, "Navigation": only pages with no record pages beneath them have a loading state.
const CircuitLoading = () => <PageSkeleton variant="detail" label="Loading the circuit studio" />;

export default CircuitLoading;
