"use client";

// The squad page's optimizer: set the constraints, ask POST /quantum/squad/{squadId}/optimize, see
// each proposal's risk before → after and its member changes, and (operators) apply one through the
// squad update API after confirming; the panel then asks again and shows the squad's new risk.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Stat } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { useSaveResource } from "@/components/shared/use-resource";
import { optionalInteger } from "@/components/quantum/values";
import { ApiError } from "@/lib/client/api";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import { formatRiskScore } from "@/lib/format";
import type { TRole } from "@/lib/agents/schemas";
import { OPTIMIZE_DEFAULT_PROPOSALS, OPTIMIZE_MAX_PROPOSALS, type TOptimizeSquadBody, type TSquadProposal } from "@/lib/quantum/optimize/schemas";
import type { TSquadBody } from "@/lib/squads/schemas";
import { SubmitButton } from "@/components/ui/submit-button";

const CORE_ROLES = ["Scout", "Builder", "Defender", "Healer"];

type Member = { id: string; name: string };
export type OptimizerSquad = { id: string; name: string; members: Member[]; declaredStackedRoles: TRole[] | null };

/** Long lists of names wrap inside the card instead of widening a phone-wide page. */
const WRAP = { overflowWrap: "anywhere", textAlign: "right", minWidth: 0 } as const;

const risk = (value: number) => formatRiskScore(value / 100);
const names = (members: Member[]) => (members.length === 0 ? "none" : members.map((member) => member.name).join(", "));

const Proposal = ({ proposal, index, squad, canApply, onApplied }: { proposal: TSquadProposal; index: number; squad: OptimizerSquad; canApply: boolean; onApplied: (proposal: TSquadProposal) => Promise<void> }) => {
  const save = useSaveResource<TSquadBody>("squad", "edit");
  const apply = async () => {
    await save.mutateAsync({
      id: squad.id,
      name: squad.name,
      agents: proposal.members.map((member) => ({ id: member.id })),
      ...(squad.declaredStackedRoles ? { stackedRoles: squad.declaredStackedRoles } : {}),
    });
    await onApplied(proposal);
  };
  return (
    <li className="card" data-testid="optimizer-proposal" style={{ marginBottom: "0.75rem" }}>
      <h3 style={{ marginTop: 0 }}>
        Proposal {index + 1}: risk {risk(proposal.riskBefore)} → {risk(proposal.riskAfter)} ({proposal.ratingAfter})
      </h3>
      <ul className="kv">
        <li>
          <span>Adds</span> <span style={WRAP}>{names(proposal.added)}</span>
        </li>
        <li>
          <span>Removes</span> <span style={WRAP}>{names(proposal.removed)}</span>
        </li>
        <li>
          <span>Members</span> <span style={WRAP}>{names(proposal.members)}</span>
        </li>
      </ul>
      <ul>
        {proposal.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {canApply ? (
        <ConfirmButton
          label={`Apply proposal ${index + 1}`}
          question={`Replace the members of “${squad.name}” with ${names(proposal.members)}? The model's risk goes from ${risk(proposal.riskBefore)} to ${risk(proposal.riskAfter)}.`}
          confirmLabel="Apply"
          danger={false}
          onConfirm={apply}
        />
      ) : null}
    </li>
  );
};

export const SquadOptimizer = ({ squad, canApply, quantumUrl = "" }: { squad: OptimizerSquad; canApply: boolean; quantumUrl?: string }) => {
  const router = useRouter();
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const [roles, setRoles] = useState<string[]>([]);
  const [keep, setKeep] = useState<string[]>([]);
  const [count, setCount] = useState(String(OPTIMIZE_DEFAULT_PROPOSALS));
  const [applied, setApplied] = useState<{ index: number; before: number } | null>(null);
  const run = useMutation({
    mutationFn: (body: TOptimizeSquadBody) =>
      unwrap(dashboardApi(quantumUrl).POST("/quantum/squad/{squadId}/optimize", { params: { path: { squadId: squad.id } }, body })),
  });
  const fields = run.error instanceof ApiError ? run.error.fieldErrors() : {};
  const body = (): TOptimizeSquadBody => {
    const size = { min: optionalInteger(min), max: optionalInteger(max) };
    return {
      ...(size.min !== undefined || size.max !== undefined ? { size } : {}),
      ...(roles.length > 0 ? { requiredRoles: roles } : {}),
      ...(keep.length > 0 ? { keep: keep.filter((id) => squad.members.some((member) => member.id === id)) } : {}),
      maxProposals: Number(count),
      shots: 256,
      seed: 0,
    };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied(null);
    run.mutate(body());
  };
  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);
  const onApplied = async (proposal: TSquadProposal) => {
    const index = run.data?.proposals.indexOf(proposal) ?? 0;
    setApplied({ index, before: proposal.riskBefore });
    setKeep([]);
    router.refresh();
    // Asked again about the squad as it now stands (once the dialog has closed): its risk, and whether anything still beats it.
    setTimeout(() => run.mutate({ ...body(), keep: undefined }), 0);
  };
  const result = run.data;
  return (
    <div className="stack" data-testid="squad-optimizer">
      <p className="muted" style={{ marginTop: 0 }}>
        Searches memberships from the squad&apos;s members and the best agents outside it for a lower risk by the squad model. Empty sizes mean around the current size.
      </p>
      <form onSubmit={submit} aria-label="Optimize the squad">
        <div className="toolbar">
          <FormField id="optimize-min" label="Fewest members" error={fields["size.min"]}>
            <input id="optimize-min" inputMode="numeric" value={min} onChange={(event) => setMin(event.target.value)} aria-invalid={Boolean(fields["size.min"])} />
          </FormField>
          <FormField id="optimize-max" label="Most members" error={fields["size.max"]}>
            <input id="optimize-max" inputMode="numeric" value={max} onChange={(event) => setMax(event.target.value)} aria-invalid={Boolean(fields["size.max"])} />
          </FormField>
          <FormField id="optimize-count" label="Proposals" error={fields.maxProposals}>
            <select id="optimize-count" value={count} onChange={(event) => setCount(event.target.value)}>
              {Array.from({ length: OPTIMIZE_MAX_PROPOSALS }, (_, k) => String(k + 1)).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <fieldset className="field">
          <legend>Required roles</legend>
          <div className="row">
            {CORE_ROLES.map((role) => (
              <label key={role} className="row">
                <input type="checkbox" checked={roles.includes(role)} onChange={() => setRoles(toggle(roles, role))} /> {role}
              </label>
            ))}
          </div>
        </fieldset>
        {squad.members.length > 0 ? (
          <fieldset className="field">
            <legend>Members to keep</legend>
            <div className="row">
              {squad.members.map((member) => (
                <label key={member.id} className="row">
                  <input type="checkbox" checked={keep.includes(member.id)} onChange={() => setKeep(toggle(keep, member.id))} /> {member.name}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <SubmitButton pending={run.isPending}>
          {run.isPending ? "Searching…" : "Optimize"}
        </SubmitButton>
      </form>
      <ProblemAlert error={run.error} />
      {result ? (
        <div aria-live="polite">
          <div className="stats">
            <Stat label="Current risk" value={<span data-testid="optimizer-current-risk">{`${result.current.rating} · ${risk(result.current.risk)}`}</span>} />
            <Stat label="Memberships searched" value={String(result.search.evaluations)} hint={`${result.search.pool} candidates outside the squad`} />
          </div>
          {applied ? (
            <p className="note" role="status" data-testid="optimizer-applied">
              Applied proposal {applied.index + 1}: the squad&apos;s risk is now {risk(result.current.risk)} (was {risk(applied.before)}).
            </p>
          ) : null}
          <p>{result.message}</p>
          {result.proposals.length > 0 ? (
            <ol style={{ listStyle: "none", padding: 0 }} aria-label="Proposals">
              {result.proposals.map((proposal, index) => (
                <Proposal key={proposal.members.map((member) => member.id).join(",")} proposal={proposal} index={index} squad={squad} canApply={canApply} onApplied={onApplied} />
              ))}
            </ol>
          ) : null}
        </div>
      ) : null}
    </div>
  );
};
