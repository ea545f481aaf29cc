import Link from "next/link";
import type { SquadView } from "@/lib/squads";
import { formatInteger, formatPercent } from "@/lib/format";
import { ScrollRegion } from "@/components/ui/scroll-region";

/** A squad's members with the figures its metrics are computed from. */
export const MemberTable = ({ members, label = "Members" }: { members: SquadView["members"]; label?: string }) =>
  members.length === 0 ? (
    <p className="muted">This squad has no members yet.</p>
  ) : (
    <ScrollRegion label={label}>
      <table aria-label="Members">
        <thead>
          <tr>
            <th scope="col">Agent</th>
            <th scope="col">AI engine</th>
            <th scope="col">Roles</th>
            <th scope="col">XP</th>
            <th scope="col">Uptime</th>
            <th scope="col">Completion</th>
          </tr>
        </thead>
        <tbody>
          {members.map((agent) => (
            <tr key={agent.id}>
              <td>
                <Link href={`/agents/${encodeURIComponent(agent.id)}`}>{agent.name}</Link>
              </td>
              <td>{agent.aiEngine}</td>
              <td>{agent.roles.map((role) => role.roleName).join(", ")}</td>
              <td>{formatInteger(agent.experiencePoints)}</td>
              <td>{formatPercent(agent.uptime)}</td>
              <td>{formatPercent(agent.completionRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
