// A row's changes as a readable diff: each changed row named (`office_fees 5/3 changed`), then one line
// per field, `payout: 100.00 → 125.50` (the old value struck through; colour alone would not read at
// this size); a secret field shows only that it changed.
import { Stack, Text } from '@mantine/core';
import { auditChangeTitle, type TAuditChange, type TAuditField } from '@salesdesk/contract';

const EMPTY = '∅';

function FieldLine({ field }: { field: TAuditField }) {
  return (
    <Text size="xs" component="div">
      <Text span fw={600} size="xs">
        {field.name}
      </Text>
      {': '}
      <Text span td="line-through" size="xs">
        {field.before ?? EMPTY}
      </Text>
      {' → '}
      <Text span size="xs">
        {field.after ?? EMPTY}
      </Text>
    </Text>
  );
}

export function AuditChanges({ changes, count }: { changes: TAuditChange[]; count: number }) {
  if (!changes.length) return null;
  return (
    <Stack gap={4}>
      {changes.map((c, i) => (
        <div key={`${c.table}-${c.key}-${i}`}>
          <Text size="xs" c="dimmed">
            {auditChangeTitle(c)}
          </Text>
          {c.fields.map((f) => (
            <FieldLine key={f.name} field={f} />
          ))}
        </div>
      ))}
      {count > changes.length ? (
        <Text size="xs" c="dimmed">
          and {count - changes.length} more
        </Text>
      ) : null}
    </Stack>
  );
}
