// Reads a text/event-stream body as EventSource would: messages separated by a blank line, each
// of `field: value` lines (`id`, `event`, `data`, `retry`) or a `:` comment.
import { expect } from "vitest";

export type SseMessage = { id?: string; event?: string; data?: string; retry?: string; comment?: string };

/** An event envelope as the stream sends it; `data.n` tells test events apart. */
export type StreamEnvelope = { id: string; seq: string; type: string; entity: { type: string; id: string }; actorId: string | null; data: { n?: number } };

const parse = (block: string): SseMessage => {
  const message: SseMessage = {};
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) message.comment = line.slice(1).trim();
    else {
      const at = line.indexOf(":");
      message[line.slice(0, at) as keyof SseMessage] = line.slice(at + 1).replace(/^ /, "");
    }
  }
  return message;
};

export const sseReader = (body: ReadableStream<Uint8Array>) => {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  /** The next message (comments included); null once the stream has ended. */
  const next = async (): Promise<SseMessage | null> => {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parse(block);
      }
      const { done, value } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  };
  /**
   * The next `count` events (not the ready message, not comments), each checked: id: is its seq,
   * event: its type. Fails after `withinMs` naming what did arrive, rather than hanging until the
   * test's own timeout with nothing to go on.
   */
  const events = async (count: number, withinMs = 20_000) => {
    const found: StreamEnvelope[] = [];
    const timedOut = Symbol("timed out");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<typeof timedOut>((resolve) => (timer = setTimeout(() => resolve(timedOut), withinMs)));
    try {
      while (found.length < count) {
        const message = await Promise.race([next(), deadline]);
        if (message === timedOut) {
          const seen = found.map((event) => `${event.seq} ${event.type} n=${event.data.n ?? "-"}`).join(", ") || "none";
          throw new Error(`${found.length} of ${count} events arrived within ${withinMs} ms (${seen})`);
        }
        if (!message) throw new Error(`the stream ended after ${found.length} of ${count} events`);
        if (!message.event || message.event === "ready") continue;
        const envelope = JSON.parse(message.data!) as StreamEnvelope;
        expect(message.id).toBe(envelope.seq);
        expect(message.event).toBe(envelope.type);
        found.push(envelope);
      }
    } finally {
      clearTimeout(timer);
    }
    return found;
  };
  /** Reads until the stream ends. */
  const drain = async () => {
    while (await next()) {
      // nothing: only the end matters
    }
  };
  return { next, events, drain };
};
