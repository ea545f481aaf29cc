"use client";

// The agent page's credentials, for operators: the credentials an agent connects with (the run
// protocol), listed without their secrets; issuing one shows its secret once, in a field to copy;
// revoking asks first and holds at once.
import { useEffect, useRef, useState } from "react";
import { copySecret } from "@/components/ui/copy-secret";
import { ZCreateAgentCredentialBody, type TAgentCredential, type TCreatedAgentCredential } from "@/lib/auth/schemas";
import { formatDateTime } from "@/lib/format";
import { Field, Form, FormFooter, useFormKit } from "@/components/form";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { useAgentCredentials, useIssueCredential, useRevokeCredential } from "./use-agent-credentials";
import styles from "./agents.module.css";

const copy = copySecret;

/** The command that runs an agent (packages/agent's CLI) with this credential against this app. */
export const agentCommand = (secret: string, origin: string) => `npx syndicate-agent --handler ./my-agent.mjs --credential ${secret} --url ${origin}`;

/** The new credential's secret, shown this once: a read-only field (selected on focus) and a Copy button; then the command that starts an agent with it. */
const SecretOnce = ({ issued, onDone }: { issued: TCreatedAgentCredential; onDone: () => void }) => {
  const box = useRef<HTMLDivElement>(null);
  // Focus goes to the secret's box, so the note is read first and the field is next.
  useEffect(() => box.current?.focus(), [issued.id]);
  const command = agentCommand(issued.secret, window.location.origin);
  return (
    <div ref={box} tabIndex={-1} className={`card ${styles.secret}`} role="status" aria-labelledby="agent-secret-note" data-testid="agent-secret-box">
      <p id="agent-secret-note">
        <strong>Copy this secret now — you will not see it again.</strong> The agent sends it as <code>Authorization: Bearer …</code>; only its first
        characters (<code>{issued.prefix}</code>) are kept to tell it apart.
      </p>
      <div className="field">
        <label htmlFor="agent-secret">Secret of “{issued.name}”</label>
        <input
          id="agent-secret"
          data-testid="agent-secret"
          readOnly
          value={issued.secret}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div className="field">
        <label htmlFor="agent-command">Start an agent with it (from the app&apos;s folder, or wherever the agent package is installed)</label>
        <input id="agent-command" data-testid="agent-command" aria-describedby="agent-command-hint" readOnly value={command} spellCheck={false} autoComplete="off" onFocus={(event) => event.currentTarget.select()} />
        <p className="muted field-hint" id="agent-command-hint">
          <code>./my-agent.mjs</code> is your handler: a module whose default export takes a task and answers its result. To try it first, use{" "}
          <code>packages/agent/examples/simulated.mjs</code>; <code>scout.mjs</code> and <code>analyst.mjs</code> there do real work.
        </p>
      </div>
      <div className="row">
        <button type="button" className="secondary" onClick={() => void copy(issued.secret)}>
          Copy secret
        </button>
        <button type="button" className="secondary" onClick={() => void copy(command)}>
          Copy command
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Done, hide it
        </button>
      </div>
    </div>
  );
};

const credentialState = (credential: TAgentCredential) =>
  credential.revokedAt ? `Revoked ${formatDateTime(credential.revokedAt)}` : "Active";

export const AgentCredentials = ({ agentId, initial }: { agentId: string; initial: TAgentCredential[] }) => {
  const credentials = useAgentCredentials(agentId, initial);
  const issue = useIssueCredential(agentId);
  const revoke = useRevokeCredential(agentId);
  const kit = useFormKit();
  const [name, setName] = useState("");
  const [issued, setIssued] = useState<TCreatedAgentCredential>();
  const heading = useRef<HTMLHeadingElement>(null);
  const [revokedCount, setRevokedCount] = useState(0);
  // A revoked credential loses its button: focus goes back to the section's heading, after the dialog
  // has given focus back (to a button that is no longer there).
  useEffect(() => {
    if (revokedCount === 0) return;
    const timer = setTimeout(() => heading.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [revokedCount]);

  const submit = () => {
    const body = kit.validate(ZCreateAgentCredentialBody, { name });
    if (!body) return;
    issue.mutate(body, {
      onSuccess: (created) => {
        setIssued(created);
        setName("");
      },
      onError: kit.failWith,
    });
  };

  const rows = credentials.data ?? [];
  return (
    <section className="card" aria-labelledby="agent-credentials">
      <h2 id="agent-credentials" ref={heading} tabIndex={-1} className="card-title">
        Credentials
      </h2>
      <p className="muted">
        An agent connects with a credential of its own to claim its tasks and report its runs. Issue one per place it runs; revoke one that is no longer
        used or may have leaked.
      </p>
      <Form kit={kit} onSubmit={submit} className="form" label="Issue credential">
        <Field id="credential-name" path="name" label="Name" hint="Where the credential is used, e.g. the host or process">
          {(control) => <input {...control} name="name" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />}
        </Field>
        <FormFooter pending={issue.isPending} submitLabel="Issue credential" pendingLabel="Issuing…" />
      </Form>
      {issued ? <SecretOnce issued={issued} onDone={() => setIssued(undefined)} /> : null}
      <ProblemAlert error={credentials.error} />
      {rows.length === 0 ? (
        <p className="muted">No credentials yet: this agent cannot connect.</p>
      ) : (
        <ScrollRegion label="Credentials of this agent">
          <table aria-label="Credentials">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">State</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((credential) => (
                <tr key={credential.id} data-testid="credential-row">
                  <td>{credential.name}</td>
                  <td>
                    <code>{credential.prefix}…</code>
                  </td>
                  <td className={styles.nowrap}>{formatDateTime(credential.createdAt)}</td>
                  <td className={styles.nowrap}>{credential.lastUsedAt ? formatDateTime(credential.lastUsedAt) : "Never"}</td>
                  <td className={styles.nowrap}>{credentialState(credential)}</td>
                  <td>
                    {credential.revokedAt ? null : (
                      <ConfirmButton
                        label="Revoke"
                        confirmLabel="Revoke"
                        question={`Revoke the credential “${credential.name}”? The agent's calls with it fail at once; a run it holds is lost once its lease runs out.`}
                        onConfirm={async () => {
                          await revoke.mutateAsync(credential);
                          setRevokedCount((count) => count + 1);
                        }}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
};
