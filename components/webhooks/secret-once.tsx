"use client";

// A signing secret shown once (after a create or a rotation), with a Copy button.
import { copySecret } from "@/components/ui/copy-secret";

const copy = copySecret;

export const SecretOnce = ({ secret }: { secret: string }) => (
  <div className="card" role="status" aria-live="polite" style={{ marginTop: "1rem" }}>
    <p>
      <strong>Copy this signing secret now — it is not shown again.</strong> Receivers verify the webhook-signature header with it.
    </p>
    <p>
      <code data-testid="webhook-secret" style={{ wordBreak: "break-all" }}>
        {secret}
      </code>
    </p>
    <button type="button" className="secondary" onClick={() => void copy(secret)}>
      Copy secret
    </button>
  </div>
);
