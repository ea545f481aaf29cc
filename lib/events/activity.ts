// What the activity page shows beside the event log: who each actor is (one query for the page).
import { prisma } from "../db";
import type { TEvent } from "./shape";

/** The display names of the users who made the events: their name, else their email; one query. */
export const actorNames = async (events: TEvent[]): Promise<Record<string, string>> => {
  const ids = [...new Set(events.map((event) => event.actorId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return {};
  const users = await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } });
  return Object.fromEntries(users.map((user) => [user.id, user.name?.trim() || user.email]));
};
