// /app/profile: the form depends on the role (spec 2 section 2.8); an agent's payout details; then
// the scheduled reports, two-factor sign-in and sessions.
import { Divider, Stack } from '@mantine/core';
import { Role } from '@salesdesk/contract';
import { ReportSchedulesSection } from '../report-schedules/schedules-section';
import { Page } from '../shell/page';
import { useMe } from '../session/use-session';
import { AdminProfileForm } from './admin-profile-form';
import { AgentProfileForm } from './agent-profile-form';
import { OfficeProfileForm } from './office-profile-form';
import { PayoutDetailsSection } from './payout-details-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

export function ProfilePage() {
  const me = useMe();
  return (
    <Page title="Profile">
      <Stack gap="lg">
        {me.role === Role.Agent ? (
          <AgentProfileForm />
        ) : me.role === Role.Company ? (
          <OfficeProfileForm />
        ) : (
          <AdminProfileForm />
        )}
        {me.role === Role.Agent ? (
          <>
            <Divider />
            <PayoutDetailsSection />
          </>
        ) : null}
        <Divider />
        <ReportSchedulesSection />
        <Divider />
        <TwoFactorSection />
        <Divider />
        <SessionsSection />
      </Stack>
    </Page>
  );
}
