import Link from "next/link";
import type { Metadata } from "next";
import { SquadForm } from "@/components/squads/squad-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New squad" };

const NewSquadPage = () => (
  <>
    <p>
      <Link href="/squads">← Squads</Link>
    </p>
    <h1>New squad</h1>
    <div className="card form">
      <SquadForm />
    </div>
  </>
);

export default NewSquadPage;
