import { PageSkeleton } from "@/components/layout/page-skeleton";

// See docs/dashboard.md, "Navigation": only pages with no record pages beneath them have a loading state.
const ApiReferenceLoading = () => <PageSkeleton variant="detail" label="Loading the API reference" />;

export default ApiReferenceLoading;
