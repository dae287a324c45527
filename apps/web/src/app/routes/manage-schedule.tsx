import { useParams } from 'react-router';
import { ScheduleAttendanceAdmin } from '../../features/attendance';
import { ManageSchedule } from '../../features/classes';
import { ScheduleWaitlistAdmin } from '../../features/waitlist';

/** /manage_classes/{klass_group_id}/schedules/{id} (admin): one schedule, its waitlist and attendance. */
export function Component() {
  const { klass_group_id: klassGroupId = '', id = '' } = useParams();
  return (
    <>
      <ManageSchedule key={id} klassGroupId={klassGroupId} id={id} />
      <ScheduleWaitlistAdmin key={`waitlist-${id}`} scheduleId={id} />
      <ScheduleAttendanceAdmin key={`attendance-${id}`} scheduleId={id} />
    </>
  );
}
