import { PageSkeleton } from "@/components/layout/page-skeleton";

// See docs/dashboard.md, "Navigation": only pages with no record pages beneath them have a loading state.
const TasksLoading = () => <PageSkeleton variant="list" label="Loading the task board" />;

export default TasksLoading;
