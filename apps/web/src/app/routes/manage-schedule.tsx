import { useParams } from 'react-router';
import { ScheduleAttendanceAdmin } from '../../features/attendance';
import { ManageSchedule, useScheduleInProgramme } from '../../features/classes';
import { ScheduleWaitlistAdmin } from '../../features/waitlist';
import { Component as NotFound } from './not-found';

/**
 * /manage_classes/{klass_group_id}/schedules/{id} (admin): one schedule, its waitlist and
 * attendance. An unknown id, or a schedule of another programme, is the not-found page
 * (docs/product.md#error-handling); the waitlist and attendance wait until the schedule is known
 * to belong here.
 */
export function Component() {
  const { klass_group_id: klassGroupId = '', id = '' } = useParams();
  const lookup = useScheduleInProgramme(klassGroupId, id);
  if (lookup === 'not-found') return <NotFound />;
  return (
    <>
      <ManageSchedule key={id} klassGroupId={klassGroupId} id={id} />
      {lookup === 'found' && (
        <>
          <ScheduleWaitlistAdmin key={`waitlist-${id}`} scheduleId={id} />
          <ScheduleAttendanceAdmin key={`attendance-${id}`} scheduleId={id} />
        </>
      )}
    </>
  );
}
