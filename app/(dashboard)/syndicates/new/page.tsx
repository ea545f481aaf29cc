import Link from "next/link";
import type { Metadata } from "next";
import { SyndicateForm } from "@/components/syndicates/syndicate-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New syndicate" };

const NewSyndicatePage = () => (
  <>
    <p>
      <Link href="/syndicates">← Syndicates</Link>
    </p>
    <h1>New syndicate</h1>
    <div className="card form">
      <SyndicateForm />
    </div>
  </>
);

export default NewSyndicatePage;
