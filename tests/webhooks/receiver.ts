// A local webhook receiver for the tests: node:http on 127.0.0.1, port 0. It verifies every
// request's Standard Webhooks signature with the standardwebhooks library, and answers as told:
// a status (500 to fail on purpose) and a delay (beyond the sender's timeout to be slow on purpose).
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type Received = { id: string; headers: IncomingHttpHeaders; body: any; raw: string; verified: boolean };
export type Answer = { status: number; delayMs?: number; body?: string };

export const startReceiver = async () => {
  const received: Received[] = [];
  let secrets: string[] = [];
  /** Answers for the next requests, in order; after them, `fallback`. */
  const script: Answer[] = [];
  let fallback: Answer = { status: 204 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, String(request.headers[name] ?? "")]));
      const verified = secrets.some((secret) => {
        try {
          new Webhook(secret).verify(raw, headers);
          return true;
        } catch {
          return false;
        }
      });
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      received.push({ id: headers["webhook-id"], headers: request.headers, body, raw, verified });
      const answer = script.shift() ?? fallback;
      const reply = () => {
        if (response.destroyed) return;
        response.writeHead(answer.status, { "content-type": "text/plain" });
        response.end(answer.body ?? `status ${answer.status}`);
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs).unref();
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    received,
    /** The secrets a signature may verify with (any one of them). */
    trust: (...values: string[]) => {
      secrets = values;
    },
    answerNext: (...answers: Answer[]) => script.push(...answers),
    answerAlways: (answer: Answer) => {
      fallback = answer;
    },
    reset: () => {
      received.length = 0;
      script.length = 0;
      fallback = { status: 204 };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
