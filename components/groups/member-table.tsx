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
            <th scope="col" className="num">
              XP
            </th>
            <th scope="col" className="num">
              Uptime
            </th>
            <th scope="col" className="num">
              Completion
            </th>
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
              <td className="num">{formatInteger(agent.experiencePoints)}</td>
              <td className="num">{formatPercent(agent.uptime)}</td>
              <td className="num">{formatPercent(agent.completionRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
