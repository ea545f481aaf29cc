// One step of a run's trace. The steps a hosted run writes read as what they are — the prompts (closed
// by default), the model's reply and the calls it asks for, each tool call with its arguments and its
// result with the HTTP status, a hand-off linking the task it made — and any other step (a connected
// agent's own shapes, approvals, errors, logs) as its text and its data.
import Link from "next/link";
import type { TStep } from "@/lib/runs/schemas";
import { formatBytes, formatCost, formatInteger, formatStatus, formatTimestamp } from "@/lib/format";
import { taskHref } from "@/components/tasks/task-href";
import { JsonDetails } from "./json-details";
import { parsedArguments, readAs, ZHandOff, ZHostedMessage, ZHostedToolCall, ZHostedToolResult, type THandOff, type THostedMessage, type THostedToolCall, type THostedToolResult } from "./trace-shapes";
import styles from "./runs.module.css";

/** Text longer than this (or with more lines) starts closed. */
const LONG_CHARACTERS = 600;
const LONG_LINES = 8;

const isLong = (text: string) => text.length > LONG_CHARACTERS || text.split("\n").length > LONG_LINES;

const characters = (text: string) => `${formatInteger(text.length)} ${text.length === 1 ? "character" : "characters"}`;

/** Text shown as it is, or behind a summary when asked to (a prompt) or when it is long. */
const StepText = ({ text, summary, closed = false }: { text: string; summary: string; closed?: boolean }) =>
  closed || isLong(text) ? (
    <details className={styles.json}>
      <summary>
        {summary} · {characters(text)}
      </summary>
      <p className={styles.text}>{text}</p>
    </details>
  ) : (
    <p className={styles.text}>{text}</p>
  );

const usageOf = (step: TStep) =>
  [step.tokens !== undefined ? `${formatInteger(step.tokens)} tokens` : null, step.cost !== undefined ? formatCost(step.cost) : null].filter(Boolean).join(" · ");

const ROLE_WORDS: Record<THostedMessage["role"], { tag: string; summary: string }> = {
  system: { tag: "system prompt", summary: "System prompt" },
  user: { tag: "user", summary: "Prompt" },
  assistant: { tag: "assistant", summary: "Reply" },
};

const MessageBody = ({ step, message }: { step: TStep; message: THostedMessage }) => {
  const words = ROLE_WORDS[message.role];
  // A hosted run's step text repeats the content, names the prompt ("instructions", "task"), or says
  // which tools a reply without words calls (listed below anyway).
  const content = message.content || (message.toolCalls?.length ? "" : (step.text ?? ""));
  const caption = message.role !== "assistant" && step.text && step.text !== content ? step.text : undefined;
  const meta = [
    message.model ? `model ${message.model}` : null,
    message.finishReason ? `finished: ${formatStatus(message.finishReason)}` : null,
    message.usage ? `${formatInteger(message.usage.inputTokens)} in · ${formatInteger(message.usage.outputTokens)} out` : null,
  ].filter(Boolean);
  return (
    <>
      {content ? <StepText text={content} summary={caption ? `${words.summary}: ${caption}` : words.summary} closed={message.role !== "assistant"} /> : null}
      {message.toolCalls?.length ? (
        <ul className={styles.calls} aria-label={`Tool calls asked for in step ${step.seq}`}>
          {message.toolCalls.map((call) => (
            <li key={call.id}>
              Asks to call <code>{call.name}</code>
              <JsonDetails summary="Arguments" label={`Arguments of ${call.name} asked for in step ${step.seq}`} value={parsedArguments(call.arguments)} asText />
            </li>
          ))}
        </ul>
      ) : null}
      {meta.length ? <p className={styles.particulars}>{meta.join(" · ")}</p> : null}
    </>
  );
};

const ToolCallBody = ({ step, call }: { step: TStep; call: THostedToolCall }) => (
  <>
    <p className={styles.text}>
      Calls <code>{call.name}</code>
      {call.write === undefined ? null : (
        <>
          {" "}
          <span className={call.write ? "badge badge-awaiting_approval" : "badge"}>{call.write ? "write" : "read"}</span>
        </>
      )}
    </p>
    {step.text && step.text !== call.name ? <p className={`${styles.text} muted`}>{step.text}</p> : null}
    <JsonDetails summary="Arguments" label={`Arguments of step ${step.seq}`} value={parsedArguments(call.arguments)} asText />
    <p className={styles.particulars}>
      Call <code>{call.callId}</code>
    </p>
  </>
);

const ToolResultBody = ({ step, result }: { step: TStep; result: THostedToolResult }) => (
  <>
    <p className={styles.text}>
      <code>{result.name}</code> answered <span className={`badge ${result.ok ? "badge-completed" : "badge-failed"}`}>{result.status}</span>
      {result.bytes === undefined ? null : ` · ${formatBytes(result.bytes)}`}
      {result.truncated ? " · cut short: the model read only its start" : null}
    </p>
    {step.text && !step.text.startsWith(`${result.name} →`) ? <p className={`${styles.text} muted`}>{step.text}</p> : null}
    {result.result !== undefined ? (
      <JsonDetails summary="Result" label={`Result of step ${step.seq}`} value={result.result} asText />
    ) : result.sent !== undefined ? (
      <JsonDetails summary="Result as the model read it" label={`Result of step ${step.seq}`} value={result.sent} asText />
    ) : null}
    <p className={styles.particulars}>
      Call <code>{result.callId}</code>
    </p>
  </>
);

const HandOffBody = ({ step, handOff }: { step: TStep; handOff: THandOff }) => (
  <>
    {step.text ? <p className={styles.text}>{step.text}</p> : null}
    <p className={styles.particulars}>
      Handed off: <Link href={taskHref(handOff.childTaskId)}>task {handOff.childTaskId}</Link>
      {handOff.childAgentId ? (
        <>
          {" "}
          to <Link href={`/agents/${encodeURIComponent(handOff.childAgentId)}`}>agent {handOff.childAgentId}</Link>
        </>
      ) : null}
    </p>
  </>
);

/** A step as it was written: its text, and its data as JSON. */
const PlainBody = ({ step }: { step: TStep }) => (
  <>
    {step.text ? <p className={styles.text}>{step.text}</p> : null}
    {step.data !== undefined ? <JsonDetails summary="Data" label={`Data of step ${step.seq}`} value={step.data} /> : null}
  </>
);

const readToolCall = (step: TStep) => (step.kind === "tool_call" ? readAs(ZHostedToolCall, step.data) : undefined);
const readToolResult = (step: TStep) => (step.kind === "tool_result" ? readAs(ZHostedToolResult, step.data) : undefined);
const readHandOff = (step: TStep) => (step.kind === "log" ? readAs(ZHandOff, step.data) : undefined);
const readMessage = (step: TStep) => (step.kind === "message" ? readAs(ZHostedMessage, step.data) : undefined);

/** The body and the word beside the kind ("system prompt", "write") for the step's shape. */
const shapeOf = (step: TStep) => {
  const message = readMessage(step);
  if (message) return { tag: ROLE_WORDS[message.role].tag, body: <MessageBody step={step} message={message} /> };
  const call = readToolCall(step);
  if (call) return { tag: undefined, body: <ToolCallBody step={step} call={call} /> };
  const result = readToolResult(step);
  if (result) return { tag: undefined, body: <ToolResultBody step={step} result={result} /> };
  const handOff = readHandOff(step);
  if (handOff) return { tag: "hand-off", body: <HandOffBody step={step} handOff={handOff} /> };
  return { tag: undefined, body: <PlainBody step={step} /> };
};

export const TraceStep = ({ step }: { step: TStep }) => {
  const usage = usageOf(step);
  const { tag, body } = shapeOf(step);
  return (
    <li className={styles.step} data-testid="trace-step" data-kind={step.kind}>
      <div className={styles.stepHead}>
        <span className="muted">#{formatInteger(step.seq)}</span>
        <span className="badge">{formatStatus(step.kind)}</span>
        {tag ? <span className={styles.tag}>{tag}</span> : null}
        <time dateTime={step.at}>{formatTimestamp(step.at)}</time>
        {usage ? <span className={styles.stepUsage}>{usage}</span> : null}
      </div>
      {body}
    </li>
  );
};
