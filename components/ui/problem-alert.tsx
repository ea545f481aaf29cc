import { ApiError } from "@/lib/client/api";

/** What went wrong, in the API's own words; a sign-in hint for 401. */
export const ProblemAlert = ({ error }: { error: unknown }) => {
  if (!error) return null;
  const problem = error instanceof ApiError ? error.problem : { title: "Something went wrong", detail: (error as Error)?.message };
  const status = error instanceof ApiError ? error.status : undefined;
  return (
    <div role="alert" className="alert">
      <strong>{problem.title}</strong>
      {problem.detail ? <p>{problem.detail}</p> : null}
      {status === 401 ? (
        <p>
          <a href="/signin">Sign in</a> to make changes.
        </p>
      ) : null}
      {error instanceof ApiError && error.problem.errors?.length ? (
        <ul>
          {error.problem.errors.map((item) => (
            <li key={`${item.path}:${item.message}`}>
              <code>{item.path.replace(/^body\./, "")}</code>: {item.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};
