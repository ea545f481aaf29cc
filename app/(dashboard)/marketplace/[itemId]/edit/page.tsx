import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { findMarketplaceItem } from "@/lib/marketplace";
import { getUseCases } from "@/lib/usecases";
import { ItemForm } from "@/components/marketplace/item-form";
import { WriteOnly } from "@/components/shared/write-access";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";

export const metadata: Metadata = { title: "Edit marketplace item" };
export const dynamic = "force-dynamic";

const EditItemPage = async ({ params }: { params: Promise<{ itemId: string }> }) => {
  const { itemId } = await params;
  const [item, useCases] = await Promise.all([findMarketplaceItem(itemId), getUseCases()]);
  if (!item) notFound();
  return (
    <>
      <Breadcrumbs items={[{ label: "Marketplace", href: "/marketplace" }, { label: item.name, href: `/marketplace/${encodeURIComponent(item.id)}` }, { label: "Edit" }]} />
      <h1>Edit {item.name}</h1>
      <WriteOnly prompt={`/marketplace/${encodeURIComponent(item.id)}/edit`} action="edit items">
        <ItemForm item={item} industries={Object.keys(useCases)} />
      </WriteOnly>
    </>
  );
};

export default EditItemPage;
