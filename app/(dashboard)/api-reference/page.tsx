import type { Metadata } from "next";
import { ApiReference } from "@/components/settings/api-reference";

export const metadata: Metadata = { title: "API reference" };

const ApiReferencePage = () => (
  <>
    <h1>API reference</h1>
    <ApiReference />
  </>
);

export default ApiReferencePage;
