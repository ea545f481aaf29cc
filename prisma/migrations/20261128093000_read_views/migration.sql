-- The hot reads of the API as views (docs/database.md, "Reads and writes"): each view does the
-- joins and builds the JSON of its answer once, here, and schema.prisma declares it as a `view`
-- block, so the generated client types its rows. The reads are fixed statements over these views
-- (the list-* and get-*-details files of lib/agents, lib/squads and lib/syndicates); a list
-- statement applies its filters, order and cursor to its list view.
--
-- A details view's document has the shape its reader expects: the contract's Agent as it is; a
-- squad with its members' figures and declared stacked roles, and a syndicate with those squad
-- documents, from which lib/groups computes the derived stacked roles and the metrics (one rule,
-- in one place, for every read).

-- One agent as the contract's Agent: its roles by position, its history by time then id
-- (taskId only when the point came from a task), timestamps as Date#toISOString writes them.
CREATE VIEW "AgentDetails" AS
SELECT a.id,
  json_build_object(
    'id', a.id,
    'name', a.name,
    'aiEngine', a."aiEngine",
    'operationalHistory', a."operationalHistory",
    'experiencePoints', a."experiencePoints",
    'specialization', a.specialization,
    'ownershipMetadata', json_build_object('owner', a.owner, 'leased', a.leased),
    'roles', coalesce((
      SELECT json_agg(json_build_object('roleName', r."roleName", 'primaryFunction', r."primaryFunction", 'skills', r.skills) ORDER BY r.position)
      FROM "AgentRole" r WHERE r."agentId" = a.id), '[]'),
    'dynamicMetadata', json_build_object('currentVersion', a."currentVersion", 'skillUpgrades', a."skillUpgrades"),
    'performanceMetrics', json_build_object('uptime', a.uptime, 'completionRate', a."completionRate",
      'averageResponseTime', a."averageResponseTime", 'errorRate', a."errorRate"),
    'historicalData', coalesce((
      SELECT json_agg(json_strip_nulls(json_build_object('timestamp', to_char(h.timestamp, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'tasksCompleted', h."tasksCompleted", 'experiencePoints', h."experiencePoints", 'taskId', h."taskId")) ORDER BY h.timestamp, h.id)
      FROM "AgentHistoryPoint" h WHERE h."agentId" = a.id), '[]')
  ) AS agent
FROM "Agent" a;

-- One squad: its members in order, each with the figures the metrics and the member table use
-- and its roles by position, and its declared stacked roles by position (none: derived).
CREATE VIEW "SquadDetails" AS
SELECT s.id,
  json_build_object(
    'id', s.id,
    'name', s.name,
    'members', coalesce((
      SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'aiEngine', a."aiEngine",
          'experiencePoints', a."experiencePoints", 'uptime', a.uptime, 'completionRate', a."completionRate",
          'roles', coalesce((
            SELECT json_agg(json_build_object('roleName', r."roleName", 'primaryFunction', r."primaryFunction", 'skills', r.skills) ORDER BY r.position)
            FROM "AgentRole" r WHERE r."agentId" = a.id), '[]')) ORDER BY m.position)
      FROM "SquadMember" m JOIN "Agent" a ON a.id = m."agentId" WHERE m."squadId" = s.id), '[]'),
    'stackedRoles', coalesce((
      SELECT json_agg(json_build_object('roleName', sr."roleName", 'primaryFunction', sr."primaryFunction", 'skills', sr.skills) ORDER BY sr.position)
      FROM "StackedRole" sr WHERE sr."squadId" = s.id), '[]')
  ) AS squad
FROM "Squad" s;

-- One syndicate: its squads in order, each the document of "SquadDetails", and its declared
-- stacked roles by position.
CREATE VIEW "SyndicateDetails" AS
SELECT y.id,
  json_build_object(
    'id', y.id,
    'name', y.name,
    'squads', coalesce((
      SELECT json_agg(d.squad ORDER BY l.position)
      FROM "SyndicateSquad" l JOIN "SquadDetails" d ON d.id = l."squadId" WHERE l."syndicateId" = y.id), '[]'),
    'stackedRoles', coalesce((
      SELECT json_agg(json_build_object('roleName', sr."roleName", 'primaryFunction', sr."primaryFunction", 'skills', sr.skills) ORDER BY sr.position)
      FROM "StackedRole" sr WHERE sr."syndicateId" = y.id), '[]')
  ) AS syndicate
FROM "Syndicate" y;

-- A row of the agent list: the summary's fields (the current role is the first role's name, or
-- the specialization for an agent without roles) and the columns it is sorted by.
CREATE VIEW "AgentListItem" AS
SELECT a.id, a.name, coalesce(r."roleName", a.specialization) AS "currentRole", a."completionRate", a.specialization,
  a."createdAt", a."updatedAt"
FROM "Agent" a LEFT JOIN "AgentRole" r ON r."agentId" = a.id AND r.position = 0;

-- A row of the squad list: the members' [experiencePoints, uptime, completionRate], which
-- lib/groups sums (in a fixed order, so the metrics are the same to the last bit on every read).
CREATE VIEW "SquadListItem" AS
SELECT s.id, s.name, s."createdAt", s."updatedAt",
  coalesce((
    SELECT json_agg(json_build_array(a."experiencePoints", a.uptime, a."completionRate"))
    FROM "SquadMember" m JOIN "Agent" a ON a.id = m."agentId" WHERE m."squadId" = s.id), '[]') AS "memberMetrics"
FROM "Squad" s;

-- A row of the syndicate list: its number of squads and the figures of its agents, each agent
-- once however many of its squads it is in.
CREATE VIEW "SyndicateListItem" AS
SELECT y.id, y.name, y."createdAt", y."updatedAt",
  (SELECT count(*)::int FROM "SyndicateSquad" l WHERE l."syndicateId" = y.id) AS "squadCount",
  coalesce((
    SELECT json_agg(json_build_array(a."experiencePoints", a.uptime, a."completionRate"))
    FROM "Agent" a
    WHERE a.id IN (SELECT m."agentId" FROM "SyndicateSquad" l JOIN "SquadMember" m ON m."squadId" = l."squadId" WHERE l."syndicateId" = y.id)), '[]') AS "agentMetrics"
FROM "Syndicate" y;
