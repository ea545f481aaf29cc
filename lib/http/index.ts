export { AppError, isAppError, notFound, ERROR_STATUS, type ErrorCode } from "./errors";
export { defineOperation, type Operation, type Access, type HttpMethod } from "./operation";
export { route, methods, type RouteContext, type RouteHandler } from "./route";
export { problemResponse, PROBLEM_CONTENT_TYPE, type Problem, type ProblemField } from "./problem";
export { ZPageQuery, pagedResponse, pageArgs, toPage, decodeCursor, encodeCursor, type TPageQuery, type Page } from "./paging";
