import type { Metadata } from "next";
import Link from "next/link";
import { getUseCases } from "@/lib/usecases";
import { ItemForm } from "@/components/marketplace/item-form";
import { WriteOnly } from "@/components/shared/write-access";

export const metadata: Metadata = { title: "Add marketplace item" };
export const dynamic = "force-dynamic";

const NewItemPage = async () => {
  const useCases = await getUseCases();
  return (
    <>
      <p>
        <Link href="/marketplace">← Marketplace</Link>
      </p>
      <h1>Add marketplace item</h1>
      <WriteOnly prompt="/marketplace/new" action="add items">
        <ItemForm industries={Object.keys(useCases)} />
      </WriteOnly>
    </>
  );
};

export default NewItemPage;
