// What the assign and edit forms share: the priorities offered, and a number field's value.
export const PRIORITIES = ["low", "medium", "high", "critical"];

/** An empty field is no value; anything else the number typed (the schema refuses what is not one). */
export const amount = (value: string) => (value.trim() === "" ? undefined : Number(value));

/** A number as a field's text (empty for none). */
export const amountText = (value: number | undefined) => (value === undefined ? "" : String(value));

/**
 * An ISO date-time as a datetime-local field's value in UTC (the same on the server and in the
 * browser, so the rendered form hydrates as is), and back.
 */
export const utcFieldValue = (iso: string | undefined) => (iso ? new Date(iso).toISOString().slice(0, 16) : "");
export const fromUtcFieldValue = (value: string) => (value ? new Date(`${value}:00.000Z`).toISOString() : undefined);
