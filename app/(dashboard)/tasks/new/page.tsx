import type { Metadata } from "next";
import Link from "next/link";
import { ZEntityType, entityNames } from "@/lib/tasks";
import { AssignForm } from "@/components/tasks/assign-form";
import { WriteOnly } from "@/components/shared/write-access";

export const metadata: Metadata = { title: "Assign a task" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

// /tasks/new?type=MarketplaceItem&id=item-0001 starts with that entity chosen.
const NewTaskPage = async ({ searchParams }: { searchParams: SearchParams }) => {
  const raw = await searchParams;
  const type = ZEntityType.safeParse(first(raw.type)).data;
  const id = first(raw.id)?.slice(0, 128);
  const name = type && id ? (await entityNames([{ type, id }])).get(`${type}:${id}`) : undefined;
  return (
    <>
      <p>
        <Link href="/tasks">← Tasks</Link>
      </p>
      <h1>Assign a task</h1>
      <WriteOnly prompt="/tasks/new" action="assign tasks">
        <AssignForm initialEntity={type && id && name ? { type, id, name } : undefined} />
      </WriteOnly>
    </>
  );
};

export default NewTaskPage;
