// HTTP only: the route wrapper, problem responses and paged responses.
export { route, methods, operationOf, refuseMethod, asPrincipal, type RouteContext, type RouteHandler } from "./route";
export { problemResponse, PROBLEM_CONTENT_TYPE, type Problem, type ProblemField } from "./problem";
export { pagedResponse } from "./paging";
export { JsonAnswer } from "./json-answer";
