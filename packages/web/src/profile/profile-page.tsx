// /app/profile: the form depends on the role (spec 2 section 2.8).
import { Role } from '@salesdesk/contract';
import { Page } from '../shell/page';
import { useMe } from '../session/use-session';
import { AdminProfileForm } from './admin-profile-form';
import { AgentProfileForm } from './agent-profile-form';
import { OfficeProfileForm } from './office-profile-form';

export function ProfilePage() {
  const me = useMe();
  return (
    <Page title="Profile">
      {me.role === Role.Agent ? (
        <AgentProfileForm />
      ) : me.role === Role.Company ? (
        <OfficeProfileForm />
      ) : (
        <AdminProfileForm />
      )}
    </Page>
  );
}
