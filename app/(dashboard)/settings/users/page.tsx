import { notFound, redirect } from "next/navigation";
import type { Metadata } from "next";
import { currentUser } from "@/lib/auth/get-current-user";
import { listUsers } from "@/lib/auth";
import { UsersAdmin } from "@/components/settings/users-admin";

export const metadata: Metadata = { title: "Users" };
export const dynamic = "force-dynamic";

const UsersPage = async () => {
  const user = await currentUser();
  if (!user) redirect("/signin?next=/settings/users");
  if (user.role !== "admin") notFound();
  return (
    <>
      <h1>Users</h1>
      <UsersAdmin initialUsers={await listUsers()} selfId={user.userId} />
    </>
  );
};

export default UsersPage;
