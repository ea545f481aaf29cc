// What the activity page shows beside the event log: who made each event, as the viewer may know it
// (docs/security.md, "Private events"). An admin sees every actor's name, else their email; anyone
// else sees "you" for their own changes and "another user" for everyone else's — a viewer or an
// operator may read the shared log, not the user list, so no other user's email or name reaches them.
import { prisma, type Role } from "../db";
import type { TEvent } from "./shape";

export const YOU = "you";
export const ANOTHER_USER = "another user";

/** The label of each actor of `events` (by user id) for `viewer`; one query for an admin, none otherwise. */
export const actorNames = async (events: TEvent[], viewer: { userId: string; role: Role }): Promise<Record<string, string>> => {
  const ids = [...new Set(events.map((event) => event.actorId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return {};
  if (viewer.role !== "admin") return Object.fromEntries(ids.map((id) => [id, id === viewer.userId ? YOU : ANOTHER_USER]));
  const users = await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } });
  return Object.fromEntries(users.map((user) => [user.id, user.name?.trim() || user.email]));
};
