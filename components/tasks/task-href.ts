// A task's own page (its result, history and edit and delete controls).
export const taskHref = (id: string, _description?: string) => `/tasks/${encodeURIComponent(id)}`;
