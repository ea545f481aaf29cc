import Link from "next/link";
import type { Metadata } from "next";
import { SquadForm } from "@/components/squads/squad-form";
import { WriteOnly } from "@/components/shared/write-access";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New squad" };

const NewSquadPage = () => (
  <>
    <p>
      <Link href="/squads">← Squads</Link>
    </p>
    <h1>New squad</h1>
    <WriteOnly prompt="/squads/new" action="create squads">
      <div className="card form">
        <SquadForm />
      </div>
    </WriteOnly>
  </>
);

export default NewSquadPage;
