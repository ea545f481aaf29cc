// Rules every part of the quantum area shares: how a measured simulation time is written in the
// contract's string fields (`simulationDuration` of analyses, circuit runs and jobs).
import { formatDuration as formatDisplayDuration } from "../format";

/** The measured time with its unit: "0.084 ms", "3.2 ms", "1.45 s", "75.20 s" — in ms or s even past a minute (the field's documented shape is "<number> ms|s"). */
export const formatDuration = (ms: number) => (ms < 59_995 ? formatDisplayDuration(ms) : `${(ms / 1000).toFixed(2)} s`);
