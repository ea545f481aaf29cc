"use client";

import { ZSquadBody } from "@/lib/squads/schemas";
import { GroupForm, type GroupFormValue, type GroupKind } from "@/components/groups/group-form";

export type SquadFormSquad = GroupFormValue;

const SQUAD: GroupKind = {
  noun: "squad",
  membersField: "agents",
  memberNoun: "agent",
  membersLegend: "Members",
  searchPath: "/api/agents",
  schema: ZSquadBody,
};

export const SquadForm = ({ squad }: { squad?: SquadFormSquad }) => <GroupForm kind={SQUAD} group={squad} />;
