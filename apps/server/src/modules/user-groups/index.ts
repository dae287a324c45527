// The user-groups module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

export { groupsOfUserAmong } from './group-memberships.service';
export { userGroupsRoutes } from './user-groups.routes';
export { DEMO_USER_GROUP, demoUserGroupId, seedDemoUserGroups } from './user-groups.seed';
