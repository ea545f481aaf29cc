// A status machine, declared as a table of moves: from each status, the statuses it may move to
// next; a status with no moves is final. Deployments and tasks are both such machines. Pure and
// free of the database, so pages and forms use the same table the server enforces.
import { AppError } from "./errors";

export type StatusMachine<S extends string> = {
  statuses: readonly S[];
  moves: Readonly<Record<S, readonly S[]>>;
  /** The statuses a thing in `from` may move to next. */
  allowed: (from: S) => readonly S[];
  canMove: (from: S, to: S) => boolean;
  isFinal: (status: S) => boolean;
  /** The statuses that are not final, in declaration order. */
  open: readonly S[];
  /**
   * Moves `id` from `from` to `to` with an optimistic update: `update` must change the row only
   * while it still has status `from` and return how many rows it changed. An illegal move is a
   * 409 naming the allowed ones; a row that changed status meanwhile (count 0) is a 409 too, so of
   * two concurrent moves one wins.
   */
  move: (id: string, from: S, to: S, update: () => Promise<{ count: number }>) => Promise<void>;
};

/** `label` names the things moved in messages ("Task", "Deployment"). */
export const defineStatusMachine = <S extends string>(
  label: string,
  statuses: readonly S[],
  moves: Readonly<Record<S, readonly S[]>>,
): StatusMachine<S> => {
  const allowed = (from: S) => moves[from];
  const canMove = (from: S, to: S) => moves[from].includes(to);
  const isFinal = (status: S) => moves[status].length === 0;
  const illegalMove = (id: string, from: S, to: S) => {
    const next = isFinal(from) ? `${from} is final; no move is allowed` : `allowed from ${from}: ${moves[from].join(", ")}`;
    return new AppError("conflict", `${label} '${id}' cannot move from ${from} to ${to} (${next}).`);
  };
  return {
    statuses,
    moves,
    allowed,
    canMove,
    isFinal,
    open: statuses.filter((status) => !isFinal(status)),
    move: async (id, from, to, update) => {
      if (!canMove(from, to)) throw illegalMove(id, from, to);
      const moved = await update();
      if (moved.count === 0) {
        throw new AppError("conflict", `${label} '${id}' changed status while this move was being made; read it again and retry.`);
      }
    },
  };
};
