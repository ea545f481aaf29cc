// The industry use cases: an object keyed by industry name, in the seeded order.
import { z } from "zod";

export const ZUseCase = z.object({
  description: z.string().describe("What agents do in the industry"),
  application: z.string().describe("Where they are applied"),
  metrics: z.record(z.string(), z.string()).describe("Industry-specific metrics as display strings, e.g. { ROI: \"15%\" }"),
});
export type TUseCase = z.infer<typeof ZUseCase>;

export const ZUseCases = z
  .record(z.string(), ZUseCase)
  .describe("Keyed by industry: Financial, Healthcare, Logistics, Supply Chain, Social Media, Gaming, Education, Public Services");
export type TUseCases = z.infer<typeof ZUseCases>;
