import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { FamilyAttendance, KlassAttendance } from '../../features/attendance';
import { MonthlyEnrollments } from '../../features/billing';
import { CalendarFeedPanel, KlassCalendar } from '../../features/calendar';
import { MakeupCredits, ReportAbsence } from '../../features/makeups';
import { ReceivedMessages } from '../../features/messages';
import { selectUser } from '../../features/session';
import { FamilyClasses } from '../../features/transfers';
import { TrialBookings } from '../../features/trials';
import { useAppSelector } from '../../lib/store-hooks';
import { timeZoneOf } from '../../lib/zoned-time';

/**
 * /classes (any signed-in user): a family's class messages, the sessions that concern them (each
 * with its attendance), a family's classes (with "Change class" when the school allows it), its
 * make-up credits, attendance list, and calendar feed.
 */
export function Component() {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const zone = timeZoneOf(user);
  return (
    <section>
      <PageTitle title={t('pages.classes')} />
      {/* Families receive class messages; `?message={id}` opens one (docs/product.md#class-messages). */}
      {user?.role === 'student' && <ReceivedMessages zone={zone} />}
      <KlassCalendar
        zone={zone}
        klassExtras={(klass) => (
          <>
            <KlassAttendance klass={klass} zone={zone} />
            <ReportAbsence klass={klass} />
          </>
        )}
      />
      <FamilyClasses />
      <MonthlyEnrollments />
      <MakeupCredits zone={zone} />
      <TrialBookings zone={zone} />
      <FamilyAttendance zone={zone} />
      <CalendarFeedPanel />
    </section>
  );
}
