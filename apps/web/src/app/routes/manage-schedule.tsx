import { useParams } from 'react-router';
import { ManageSchedule } from '../../features/classes';
import { ScheduleWaitlistAdmin } from '../../features/waitlist';

/** /manage_classes/{klass_group_id}/schedules/{id} (admin): one schedule, and its waitlist. */
export function Component() {
  const { klass_group_id: klassGroupId = '', id = '' } = useParams();
  return (
    <>
      <ManageSchedule key={id} klassGroupId={klassGroupId} id={id} />
      <ScheduleWaitlistAdmin key={`waitlist-${id}`} scheduleId={id} />
    </>
  );
}
