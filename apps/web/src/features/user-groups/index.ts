// The user-groups feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).
export { UserGroupPage } from './components/user-group-page';
