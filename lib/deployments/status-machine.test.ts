import { describe, expect, it } from "vitest";
import { DeploymentStatus } from "../db/generated/enums";
import {
  DEPLOYMENT_STATUSES,
  allowedDeploymentMoves,
  canMoveDeployment,
  isFinalDeploymentStatus,
  type DeploymentStatusValue,
} from "./status-machine";

const LEGAL: [DeploymentStatusValue, DeploymentStatusValue][] = [
  ["queued", "in_progress"],
  ["in_progress", "deployed"],
  ["in_progress", "failed"],
  ["deployed", "rolled_back"],
];

const allPairs = DEPLOYMENT_STATUSES.flatMap((from) => DEPLOYMENT_STATUSES.map((to) => [from, to] as const));
const isLegal = (from: string, to: string) => LEGAL.some(([a, b]) => a === from && b === to);

describe("deployment status machine", () => {
  it("knows exactly the statuses of the database enum", () => {
    expect([...DEPLOYMENT_STATUSES].sort()).toEqual(Object.values(DeploymentStatus).sort());
  });

  it.each(LEGAL)("allows %s → %s", (from, to) => {
    expect(canMoveDeployment(from, to)).toBe(true);
    expect(allowedDeploymentMoves(from)).toContain(to);
  });

  it.each(allPairs.filter(([from, to]) => !isLegal(from, to)))("refuses %s → %s", (from, to) => {
    expect(canMoveDeployment(from, to)).toBe(false);
    expect(allowedDeploymentMoves(from)).not.toContain(to);
  });

  it("has failed and rolled_back as its only final statuses", () => {
    expect(DEPLOYMENT_STATUSES.filter(isFinalDeploymentStatus)).toEqual(["failed", "rolled_back"]);
  });
});
