"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/client/api";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import { ZCreateUserBody, type TCreateUserBody, type TUser } from "@/lib/auth/schemas";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { SubmitButton } from "@/components/ui/submit-button";

const api = dashboardApi();
const userKeys = { all: ["users"] as const };
const ROLE_OPTIONS = ["viewer", "operator", "admin"] as const;

export const UsersAdmin = ({ initialUsers, selfId }: { initialUsers: TUser[]; selfId: string }) => {
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: userKeys.all, queryFn: () => unwrap(api.GET("/api/users")), initialData: initialUsers });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const create = useMutation({
    mutationFn: (body: TCreateUserBody) => unwrap(api.POST("/api/users", { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    onError: (error) => setFieldErrors(error instanceof ApiError ? error.fieldErrors() : {}),
  });
  const changeRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: TUser["role"] }) =>
      unwrap(api.PATCH("/api/users/{userId}", { params: { path: { userId: id } }, body: { role } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const parsed = ZCreateUserBody.safeParse({
      email: String(form.get("email") ?? ""),
      name: String(form.get("name") ?? "") || undefined,
      password: String(form.get("password") ?? ""),
      role: String(form.get("role") ?? "viewer"),
    });
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message])));
      return;
    }
    setFieldErrors({});
    create.mutate(parsed.data, { onSuccess: () => formElement.reset() });
  };

  return (
    <div className="grid-2">
      <section className="card" aria-labelledby="users-heading">
        <h2 id="users-heading" className="card-title">Users</h2>
        <ProblemAlert error={changeRole.error ?? users.error} />
        <ScrollRegion label="Users">
          <table>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <tr key={user.id}>
                  <td>
                    {user.email}
                    {user.name ? <div className="muted">{user.name}</div> : null}
                  </td>
                  <td>
                    <select
                      aria-label={`Role of ${user.email}`}
                      value={user.role}
                      disabled={user.id === selfId || changeRole.isPending}
                      // The select offers only ROLE_OPTIONS.
                      onChange={(event) => changeRole.mutate({ id: user.id, role: event.target.value as TUser["role"] })}
                    >
                      {ROLE_OPTIONS.map((option) => (
                        <option key={option}>{option}</option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>
      <section className="card" aria-labelledby="new-user">
        <h2 id="new-user" className="card-title">New user</h2>
        <form onSubmit={submit} aria-label="Create user" noValidate>
          <FormField id="user-email" label="Email" error={fieldErrors.email}>
            <input id="user-email" name="email" type="email" />
          </FormField>
          <FormField id="user-name" label="Name" error={fieldErrors.name}>
            <input id="user-name" name="name" />
          </FormField>
          <FormField id="user-password" label="Password" error={fieldErrors.password} hint="At least 10 characters">
            <input id="user-password" name="password" type="password" autoComplete="new-password" />
          </FormField>
          <FormField id="user-role" label="Role" error={fieldErrors.role}>
            <select id="user-role" name="role" defaultValue="viewer">
              {ROLE_OPTIONS.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          </FormField>
          <SubmitButton pending={create.isPending}>
            Create user
          </SubmitButton>
        </form>
        <ProblemAlert error={create.error} />
      </section>
    </div>
  );
};
