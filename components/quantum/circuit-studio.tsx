"use client";

// The circuit page: pick an example or type a program, see its diagram as you type (a debounced
// POST /quantum/diagram; parse errors by line and column), share it as a link, and run it.
import Link from "next/link";
import { useState } from "react";
import { Card } from "@/components/ui/card";
import { ApiError } from "@/lib/client/api";
import { formatInteger } from "@/lib/format";
import { CIRCUIT_EXAMPLES } from "./circuit-examples";
import { CircuitDiagramImage, diagramAlt } from "./circuit-diagram";
import { CircuitRunner } from "./circuit-runner";
import { SHARE_MAX_BYTES, shareUrl } from "./share-link";
import { useCircuitDiagram } from "./use-quantum";
import { useDebounced } from "@/components/ui/use-debounced";

const DEBOUNCE_MS = 400;

/** "line 4, column 1: expected ';'" → its parts, when a problem names a place in the program. */
export const parsePlace = (message: string) => {
  const match = /^line (\d+), column (\d+): ([\s\S]*)$/.exec(message);
  return match ? { line: Number(match[1]), column: Number(match[2]), message: match[3] } : null;
};

const LiveDiagram = ({ qasm, quantumUrl, signedIn }: { qasm: string; quantumUrl: string; signedIn: boolean }) => {
  const debounced = useDebounced(qasm, DEBOUNCE_MS);
  const diagram = useCircuitDiagram(debounced, quantumUrl, signedIn);
  if (!signedIn) {
    return (
      <Card title="Circuit diagram">
        <p className="muted" style={{ marginTop: 0 }}>
          <Link href={`/signin?callbackUrl=${encodeURIComponent("/quantum/circuit")}`}>Sign in</Link> to see the diagram as you type and to run the program.
        </p>
      </Card>
    );
  }
  const error = diagram.error instanceof ApiError ? diagram.error : null;
  const problem = error?.problem;
  const place = problem?.errors?.map((e) => parsePlace(e.message)).find((p) => p !== null) ?? null;
  const pending = debounced !== qasm || diagram.isFetching;
  return (
    <Card title="Circuit diagram">
      <p className="muted" aria-live="polite" style={{ marginTop: 0 }}>
        {qasm.trim().length === 0 ? "Type a program to see its diagram." : pending ? "Drawing…" : diagram.data ? "Drawn from the program above." : ""}
      </p>
      {error ? (
        <div className="alert" role="alert">
          {place ? (
            <>
              <strong>
                Line {place.line}, column {place.column}:
              </strong>{" "}
              {place.message}
            </>
          ) : (
            (problem?.detail ?? error.message)
          )}
        </div>
      ) : null}
      {diagram.data && !error ? <CircuitDiagramImage svg={diagram.data.svg} alt={diagramAlt(diagram.data)} /> : null}
    </Card>
  );
};

const ShareLink = ({ qasm }: { qasm: string }) => {
  const [link, setLink] = useState<{ url: string | null; copied: boolean; for: string } | null>(null);
  const share = async () => {
    const url = shareUrl(window.location.origin, window.location.pathname, qasm);
    setLink({ url, copied: false, for: qasm });
    if (url === null) return;
    window.history.replaceState(null, "", url);
    try {
      await navigator.clipboard.writeText(url);
      setLink({ url, copied: true, for: qasm });
    } catch {
      // No clipboard (permissions, an insecure origin): the link is shown to copy by hand.
    }
  };
  const current = link && link.for === qasm ? link : null;
  return (
    <Card title="Share">
      <div className="toolbar">
        <button type="button" onClick={share} disabled={qasm.trim().length === 0}>
          Create share link
        </button>
        <span className="muted" aria-live="polite">
          {current?.copied ? "Copied to the clipboard." : link && !current ? "The program changed since; create the link again." : ""}
        </span>
      </div>
      {current && current.url === null ? (
        <p className="alert" role="alert">
          The program is longer than {formatInteger(SHARE_MAX_BYTES)} bytes, too long for a link.
        </p>
      ) : null}
      {current?.url ? (
        <label className="stack" style={{ gap: "0.25rem" }}>
          <span>Share link</span>
          <input readOnly value={current.url} onFocus={(event) => event.currentTarget.select()} style={{ width: "100%", fontFamily: "ui-monospace, monospace" }} />
        </label>
      ) : null}
    </Card>
  );
};

export const CircuitStudio = ({ quantumUrl = "", initialQasm, linkNote, signedIn = true }: { quantumUrl?: string; initialQasm: string; linkNote?: string; signedIn?: boolean }) => {
  const [qasm, setQasm] = useState(initialQasm);
  const [example, setExample] = useState(() => CIRCUIT_EXAMPLES.find((e) => e.qasm === initialQasm)?.id ?? "");
  const pick = (id: string) => {
    setExample(id);
    const chosen = CIRCUIT_EXAMPLES.find((e) => e.id === id);
    if (chosen) setQasm(chosen.qasm);
  };
  const edit = (value: string) => {
    setQasm(value);
    if (example && CIRCUIT_EXAMPLES.find((e) => e.id === example)?.qasm !== value) setExample("");
  };
  return (
    <>
      {linkNote ? (
        <p className="alert" role="status">
          {linkNote}
        </p>
      ) : null}
      <CircuitRunner
        quantumUrl={quantumUrl}
        qasm={qasm}
        onQasmChange={edit}
        beforeProgram={
          <div className="toolbar">
            <label htmlFor="circuit-example">Example program</label>
            <select id="circuit-example" value={example} onChange={(event) => pick(event.target.value)}>
              <option value="">Your own program</option>
              {CIRCUIT_EXAMPLES.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                </option>
              ))}
            </select>
          </div>
        }
        afterProgram={
          <>
            <LiveDiagram qasm={qasm} quantumUrl={quantumUrl} signedIn={signedIn} />
            <ShareLink qasm={qasm} />
          </>
        }
      />
    </>
  );
};
