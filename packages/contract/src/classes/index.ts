export * from './admin-documents.schemas';
export * from './calendar.schemas';
export * from './catalogue.schemas';
export * from './classes.constants';
export * from './classes.paths';
// The field helpers stay internal except this one: generic names would clash with other modules'.
export { isValidTimeZone } from './fields';
export * from './flat.schemas';
export * from './klass-groups.schemas';
export * from './plans.resource';
export * from './plans.schemas';
export * from './rooms.resource';
export * from './schedules.schemas';
export * from './teachers.schemas';
