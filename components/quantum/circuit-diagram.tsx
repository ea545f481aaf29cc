// A circuit diagram the API drew (SVG): shown as an image, so nothing in it can run, at its natural
// size inside a region that scrolls sideways on a narrow screen.
import { ScrollRegion } from "@/components/ui/scroll-region";

export const diagramAlt = (d: { qubits: number; clbits: number; operations: number; drawn: number; truncated: boolean }) =>
  `Circuit diagram: ${d.qubits} qubit${d.qubits === 1 ? "" : "s"}, ${d.clbits} classical bit${d.clbits === 1 ? "" : "s"}, ${d.operations} operation${d.operations === 1 ? "" : "s"}` +
  (d.truncated ? ` (the first ${d.drawn} drawn)` : "");

export const CircuitDiagramImage = ({ svg, alt, label = "Circuit diagram" }: { svg: string; alt: string; label?: string }) => {
  const size = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg);
  return (
    <ScrollRegion label={label} className="table-wrap diagram-wrap">
      {/* A data: URL of an SVG the API drew; next/image has nothing to optimise here. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
        alt={alt}
        width={size ? Number(size[1]) : undefined}
        height={size ? Number(size[2]) : undefined}
        style={{ maxWidth: "none", display: "block" }}
      />
    </ScrollRegion>
  );
};
