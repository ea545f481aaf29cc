// The circuits' answers that are not JSON: a diagram as an SVG document, a circuit as OpenQASM text.

/** An SVG document as an answer: its own type, never sniffed, nothing active allowed in it. */
export const svgResponse = (svg: string) =>
  new Response(svg, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });

/** An OpenQASM program as the answer of `?format=qasm`. */
export const qasmResponse = (qasm: string) => new Response(qasm, { headers: { "content-type": "text/plain; charset=utf-8" } });
