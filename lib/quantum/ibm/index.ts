// The hosted backend (IBM Quantum's REST runtime).
export { runOnIbm, submitToIbm, submitIsaToIbm, ibmJobStatus, ibmJobCounts, cancelIbmJob, ibmSettings, forgetIbmTokens, backendTarget, countSamples, IBM_BACKEND, type IbmSettings, type IbmRunResult } from "./client";
export { transpile, findLine, TranspileError, type BackendTarget } from "./transpile";
export { toCxBasis } from "./decompose";
export { zsxOps, u3Angles } from "./euler";
