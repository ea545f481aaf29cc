export { getOverview, type Overview } from "./get-overview";
