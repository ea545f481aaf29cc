import Link from "next/link";
import type { Metadata } from "next";
import { SyndicateForm } from "@/components/syndicates/syndicate-form";
import { WriteOnly } from "@/components/shared/write-access";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New syndicate" };

const NewSyndicatePage = () => (
  <>
    <p>
      <Link href="/syndicates">← Syndicates</Link>
    </p>
    <h1>New syndicate</h1>
    <WriteOnly prompt="/syndicates/new" action="create syndicates">
      <div className="card form">
        <SyndicateForm />
      </div>
    </WriteOnly>
  </>
);

export default NewSyndicatePage;
