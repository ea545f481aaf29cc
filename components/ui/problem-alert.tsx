import { ApiError } from "@/lib/client/api";

type Listed = { path: string; message: string };

/** "body.roles.0.skills" → "roles 1 skills": a path a person can place. */
const placeOf = (path: string) =>
  path
    .replace(/^body\.?/, "")
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part))
    .join(" ");

/**
 * What went wrong, in the API's own words; a sign-in hint for 401. `errors`, when given, replaces the
 * problem's own list (a form passes only what none of its fields shows).
 */
export const ProblemAlert = ({ error, errors }: { error: unknown; errors?: Listed[] }) => {
  if (!error && !errors?.length) return null;
  const api = error instanceof ApiError ? error : undefined;
  const title = api ? api.problem.title : error ? (error as Error).message || "Something went wrong" : "Check these fields";
  const detail = api?.problem.detail;
  const listed = errors ?? api?.problem.errors ?? [];
  return (
    <div role="alert" className="alert">
      <strong>{title}</strong>
      {detail ? <p>{detail}</p> : null}
      {api?.status === 401 ? (
        <p>
          <a href="/signin">Sign in</a> to make changes.
        </p>
      ) : null}
      {listed.length ? (
        <ul>
          {listed.map((item) => (
            <li key={`${item.path}:${item.message}`}>
              {item.path ? <code>{placeOf(item.path)}</code> : null}
              {item.path ? ": " : null}
              {item.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};
