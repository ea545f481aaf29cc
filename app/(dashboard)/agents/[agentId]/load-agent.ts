import { notFound } from "next/navigation";
import { cache } from "react";
import { findAgentDetails, ZAgentParams } from "@/lib/agents";

/**
 * The agent of a page's [agentId], or the 404 page (an id that cannot exist is not looked up).
 * Cached per request, so that the metadata and the page read it once.
 */
export const loadAgent = cache(async (agentId: string) => {
  const parsed = ZAgentParams.safeParse({ agentId });
  if (!parsed.success) notFound();
  const agent = await findAgentDetails(parsed.data.agentId);
  if (!agent) notFound();
  return agent;
});
