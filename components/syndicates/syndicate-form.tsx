"use client";

import { ZSyndicateBody } from "@/lib/syndicates/schemas";
import { GroupForm, type GroupFormValue, type GroupKind } from "@/components/squads/group-form";
import { useSaveSyndicate } from "./use-syndicates";

export type SyndicateFormSyndicate = Omit<GroupFormValue, "members"> & { squads: GroupFormValue["members"] };

const SYNDICATE: GroupKind = {
  noun: "syndicate",
  membersField: "squads",
  memberNoun: "squad",
  membersLegend: "Squads",
  searchPath: "/api/squads",
  schema: ZSyndicateBody,
  useSave: useSaveSyndicate as GroupKind["useSave"],
};

export const SyndicateForm = ({ syndicate }: { syndicate?: SyndicateFormSyndicate }) => (
  <GroupForm kind={SYNDICATE} group={syndicate ? { ...syndicate, members: syndicate.squads } : undefined} />
);
