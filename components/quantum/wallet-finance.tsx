"use client";

// The quantum finance section of the wallet page (POST /qmetrics/finance): run the wallet's circuit on the
// simulator or IBM Quantum, and see each bitstring's behaviour (one chart; the PNG histogram as a
// download) and the analysis one sentence per line.
import { useState, type FormEvent } from "react";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ApiError } from "@/lib/client/api";
import { DEFAULT_SHOTS, QUANTUM_BACKENDS } from "@/lib/quantum/schemas";
import { type TWalletFinanceBody } from "@/lib/quantum/analyses/schemas";
import { DistributionChart } from "./distribution-chart";
import { AnalysisText, Findings } from "./findings";
import { formatInteger, formatChance, formatUsd } from "@/lib/format";
import { optionalInteger, sortedEntries } from "./values";
import { useWalletFinance } from "./use-quantum";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { SubmitButton } from "@/components/ui/submit-button";


export type WalletFinanceProps = {
  /** The wallet to analyse; the field starts with it and can be changed. */
  walletAddress?: string;
  /** Chains to include (as on the wallet page); all when absent. */
  chains?: string[];
  tokenMap?: Record<string, string>;
  /** The quantum service's base address (QUANTUM_URL) when it is split out; this origin by default. */
  quantumUrl?: string;
};

export const WalletFinance = ({ walletAddress = "", chains, tokenMap, quantumUrl = "" }: WalletFinanceProps) => {
  const [address, setAddress] = useState(walletAddress);
  const [backend, setBackend] = useState<TWalletFinanceBody["quantumBackend"]>("aer");
  const [shots, setShots] = useState(String(DEFAULT_SHOTS));
  const [seed, setSeed] = useState("");
  const finance = useWalletFinance(quantumUrl);
  const fields = finance.error instanceof ApiError ? finance.error.fieldErrors() : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    finance.mutate({ walletAddress: address.trim(), quantumBackend: backend, shots: optionalInteger(shots), seed: optionalInteger(seed), chains, tokenMap });
  };
  const result = finance.data;
  return (
    <section aria-labelledby="quantum-finance-title" className="stack">
      <Card title={<span id="quantum-finance-title">Quantum finance analysis</span>}>
        <form className="toolbar" onSubmit={submit} aria-label="Run the quantum finance analysis">
          <FormField id="qf-address" label="Wallet to analyse" error={fields.walletAddress}>
            <input id="qf-address" value={address} onChange={(event) => setAddress(event.target.value)} placeholder="0x…" size={44} />
          </FormField>
          <FormField id="qf-backend" label="Backend" error={fields.quantumBackend}>
            <select id="qf-backend" value={backend} onChange={(event) => setBackend(event.target.value as TWalletFinanceBody["quantumBackend"])}>
              {QUANTUM_BACKENDS.map((value) => (
                <option key={value} value={value}>
                  {value === "aer" ? "aer (built-in simulator)" : "ibm_quantum (IBM Quantum)"}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="qf-shots" label="Shots" error={fields.shots}>
            <input id="qf-shots" inputMode="numeric" value={shots} onChange={(event) => setShots(event.target.value)} />
          </FormField>
          <FormField id="qf-seed" label="Seed" error={fields.seed}>
            <input id="qf-seed" inputMode="numeric" value={seed} onChange={(event) => setSeed(event.target.value)} />
          </FormField>
          <SubmitButton pending={finance.isPending}>
            {finance.isPending ? "Running…" : "Run quantum analysis"}
          </SubmitButton>
        </form>
        {finance.error && Object.keys(fields).length === 0 ? <ProblemAlert error={finance.error} /> : null}
      </Card>
      {result ? (
        <>
          <Card title="Result">
            <Findings
              items={[
                { term: "Total balance", detail: formatUsd(result.total_balance_usd) },
                { term: "Backend", detail: result.quantum_backend },
                { term: "Shots", detail: `${formatInteger(result.shots)}${result.seed !== undefined ? ` · seed ${result.seed}` : ""}` },
              ]}
            />
          </Card>
          <Card title="Behaviour distribution">
            <DistributionChart
              probabilities={result.quantum_results.probabilities}
              label="Probability of each financial behaviour bitstring"
              histogram={result.quantum_results.histogram}
              fileName={`histogram-wallet-${address.trim().slice(0, 10) || "analysis"}`}
            />
          </Card>
          <Card title="Behaviours">
            <ScrollRegion label="Behaviours">
              <table>
                <caption className="muted">Bits: capital, counterparty hygiene, activity (qubit 0 rightmost); 1 = favourable</caption>
                <thead>
                  <tr>
                    <th scope="col">Bitstring</th>
                    <th scope="col">Probability</th>
                    <th scope="col">Behaviour</th>
                  </tr>
                </thead>
                <tbody>
                  {sortedEntries(Object.fromEntries(Object.entries(result.quantum_results.mapped_results).map(([bits, entry]) => [bits, entry.probability]))).map(([bits, p]) => (
                    <tr key={bits}>
                      <td>
                        <code>{bits}</code>
                      </td>
                      <td>{formatChance(p)}</td>
                      <td>{result.quantum_results.mapped_results[bits].behavior}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </Card>
          <Card title="Analysis">
            <AnalysisText text={result.quantum_results.analysis} />
          </Card>
        </>
      ) : null}
    </section>
  );
};
