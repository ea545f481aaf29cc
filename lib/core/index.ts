// The domain's vocabulary, free of any transport: errors, operation declarations, pages.
export { AppError, isAppError, notFound, alreadyExists, idMismatch, ERROR_STATUS, ERROR_TITLE, type ErrorCode, type FieldError } from "./errors";
export { defineOperation, successStatus, type Operation, type Access, type HttpMethod, type OperationResponse } from "./operation";
export { ZPageQuery, ZSortablePageQuery, pageArgs, toPage, decodeCursor, encodeCursor, type TPageQuery, type Page, type Cursor } from "./paging";
export { int32, isoDateTime, fitsInt64, INT32_MIN, INT32_MAX, INT64_MAX } from "./primitives";
export { nameOrIdContains } from "./search";
export { ZSort, sortValues, sortedPageArgs, cursorMatchesSort, CURSOR_OF_ANOTHER_SORT, type SortFields, type Sortable, type TSort } from "./sorting";
export { ALL_SCOPES, READ_SCOPES, SCOPE_AREAS, isWriteScope, scopeOf, type Scope } from "./scopes";
