import { PageSkeleton } from "@/components/layout/page-skeleton";

// See docs/dashboard.md, "Navigation": only pages with no record pages beneath them have a loading state.
const UsecasesLoading = () => <PageSkeleton variant="list" label="Loading the use cases" />;

export default UsecasesLoading;
