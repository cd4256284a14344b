// The columns of /app/logs/chat (office, agent, site, client name, conversation, submit time); the CSV
// export has the same headers.
import { Text } from '@mantine/core';
import {
  CHAT_LOG_HEADERS as h,
  formatDateTime,
  type TChatLogRow,
  type TChatLogSortField,
} from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';

/** `showOffice` is for admins: an office's or agent's logs are all its own office. */
export const chatLogColumns = (showOffice: boolean): DataColumn<TChatLogRow, TChatLogSortField>[] => [
  { id: 'officeName', header: h.officeName, sortable: true, hidden: !showOffice, cell: (r) => r.officeName },
  { id: 'agentUsername', header: h.agentUsername, sortable: true, cell: (r) => r.agentUsername },
  { id: 'sitename', header: h.sitename, sortable: true, cell: (r) => r.sitename },
  { id: 'clientUsername', header: h.clientUsername, sortable: true, cell: (r) => r.clientUsername },
  {
    id: 'conversation',
    header: h.conversation,
    wrap: true,
    // A conversation keeps the lines it was typed in.
    cell: (r) => (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {r.conversation}
      </Text>
    ),
  },
  { id: 'submitTime', header: h.submitTime, sortable: true, cell: (r) => formatDateTime(r.submitTime) },
];
