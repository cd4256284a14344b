// The four report pages of /app/stats (spec 2 section 2.15): one StatsReportPage per kind.
import { StatsReportPage } from './stats-report-page';

export const SitesStatsPage = () => <StatsReportPage kind="sites" />;
export const SitesAvpStatsPage = () => <StatsReportPage kind="sites-avp" />;
export const PayrollPage = () => <StatsReportPage kind="sites-payout" />;
export const PayrollAvpPage = () => <StatsReportPage kind="sites-payout-avp" />;
