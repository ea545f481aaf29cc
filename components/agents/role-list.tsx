import type { TRole } from "@/lib/agents/schemas";
import styles from "./agents.module.css";

/** Roles as cards: name, primary function, skills. Used for an agent's roles and stacked roles. */
export const RoleList = ({ roles, label }: { roles: TRole[]; label: string }) =>
  roles.length === 0 ? (
    <p className="muted">No roles.</p>
  ) : (
    <ol className={styles.roles} aria-label={label}>
      {roles.map((role, index) => (
        <li key={`${role.roleName}-${index}`} className={styles.role}>
          <h3>{role.roleName}</h3>
          <p className="muted">{role.primaryFunction}</p>
          {role.skills.length > 0 ? (
            <ul className={styles.skills} aria-label={`${role.roleName} skills`}>
              {role.skills.map((skill) => (
                <li key={skill} className="badge">
                  {skill}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
