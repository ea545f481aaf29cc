export { getOverview, type Overview } from "./get-overview";
export { getKpis, type Kpi } from "./get-kpis";
export { getActivity, type ActivityDay } from "./get-activity";
export { getRecent, type Recent } from "./get-recent";
