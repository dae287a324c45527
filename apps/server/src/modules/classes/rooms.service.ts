import { roomResource } from '@atelier/contract';
import { AppError } from '../../lib/app-error';
import { resourceService } from '../../lib/resource-service';
import type { ClassesContext } from './classes.context';
import { roomRows } from './rooms.repository';

/** The rooms schedules meet in (admins): the resource kit's service. */
export const roomService = resourceService(roomResource, roomRows, {
  label: 'Room',
  // A room a schedule meets in cannot be deleted: the schedule would lose its place.
  inUse: (schedules) =>
    new AppError(
      'conflict',
      `This room cannot be deleted: ${schedules} schedule${schedules === 1 ? ' meets' : 's meet'} in it. Move ${schedules === 1 ? 'that schedule' : 'those schedules'} first.`,
      { schedules },
    ),
  // A room's name shows on the class pages of the schedules meeting in it.
  afterUpdate: (ctx: ClassesContext) => ctx.changed(),
});
