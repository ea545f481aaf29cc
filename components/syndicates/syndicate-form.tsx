"use client";

import { ZSyndicateBody } from "@/lib/syndicates/schemas";
import { GroupForm, type GroupFormValue, type GroupKind } from "@/components/groups/group-form";

export type SyndicateFormSyndicate = Omit<GroupFormValue, "members"> & { squads: GroupFormValue["members"] };

const SYNDICATE: GroupKind = {
  noun: "syndicate",
  membersField: "squads",
  memberNoun: "squad",
  membersLegend: "Squads",
  searchPath: "/api/squads",
  schema: ZSyndicateBody,
};

export const SyndicateForm = ({ syndicate }: { syndicate?: SyndicateFormSyndicate }) => (
  <GroupForm kind={SYNDICATE} group={syndicate ? { ...syndicate, members: syndicate.squads } : undefined} />
);
