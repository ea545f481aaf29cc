// POST /qmetrics/finance: the wallet's facts from the metrics engine, its circuit run on the simulator (aer)
// or on IBM Quantum (ibm_quantum), every bitstring mapped to a financial behaviour, the histogram.
import { histogramBase64 } from "../histogram";
import { IBM_BACKEND, ibmSettings, runOnIbm } from "../ibm";
import { runSimulation } from "../pool";
import { recordRun } from "../runs";
import { AER, DEFAULT_SHOTS } from "../schemas";
import { type TWalletFinanceBody, type TWalletFinanceResult } from "./schemas";
import { loadWalletModelInput } from "./load-wallet-input";

export const analyzeWalletFinance = async (body: TWalletFinanceBody, userId?: string, signal?: AbortSignal): Promise<TWalletFinanceResult> => {
  const backend = body.quantumBackend ?? AER;
  // A hosted run needs its configuration: say so before any work is done.
  const settings = backend === IBM_BACKEND ? ibmSettings() : undefined;
  // Addresses are answered in lower case, as every wallet answer gives them.
  const address = body.walletAddress.toLowerCase();
  const wallet = await loadWalletModelInput(address, body.chains, body.tokenMap, userId);
  const shots = body.shots ?? DEFAULT_SHOTS;
  const local = await runSimulation({ kind: "wallet", input: wallet, shots, seed: body.seed }, signal);
  const hosted = settings ? await runOnIbm(local.evaluation.circuit, shots, settings) : undefined;
  const model = hosted ? await runSimulation({ kind: "wallet", input: wallet, shots, seed: body.seed, sampled: hosted.probabilities }, signal) : local;
  const run = local.evaluation.run;
  // Missing data is not good data: a wallet with nothing stored gets no verdict.
  const insufficient = model.assessment === "insufficient-data";
  const analysis = insufficient ? `${model.analysis} ${wallet.coverage.detail}` : model.analysis;
  const response: TWalletFinanceResult = {
    wallet_address: address,
    quantum_backend: backend,
    total_balance_usd: wallet.balanceUsd,
    quantum_results: {
      probabilities: model.probabilities,
      mapped_results: model.mapped,
      histogram: await histogramBase64(model.probabilities, { title: `Wallet ${address.slice(0, 10)}…: ${shots} shots (${backend})` }),
      analysis,
    },
    coverage: wallet.coverage,
    assessment: model.assessment,
    ...(hosted ? {} : { seed: run.seed }),
    shots,
  };
  await recordRun({
    userId,
    entityType: "wallet",
    entityId: body.walletAddress.toLowerCase(),
    backend: hosted ? `${IBM_BACKEND}:${hosted.backend}` : AER,
    qubits: local.evaluation.circuit.qubits,
    shots,
    seed: run.seed,
    durationMs: hosted?.durationMs ?? run.durationMs,
    probabilities: model.probabilities,
    riskScore: insufficient ? undefined : model.risk * 100,
    improvementPercent: insufficient ? undefined : local.evaluation.improvementPercent,
    response: { ...response, ...(hosted ? { jobId: hosted.jobId } : {}) },
  });
  return response;
};
