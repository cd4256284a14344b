// A row's changes as a readable diff: each changed row named (`Custom rate 5/3 changed`), then one line
// per field with its label and values as the screens show them, `Payout: ₱100 → ₱125.5` (the old value
// struck through; colour alone would not read at this size); a secret field shows only that it changed.
// The server sends only the fields the viewer may see.
import { Stack, Text } from '@mantine/core';
import { auditFieldText, isAuditSecret, type TAuditChange, type TAuditField } from '@salesdesk/contract';

const EMPTY = '∅';

function FieldLine({ field }: { field: TAuditField }) {
  if (isAuditSecret(field)) return <Text size="xs">{auditFieldText(field)}</Text>;
  return (
    <Text size="xs" component="div">
      <Text span fw={600} size="xs">
        {field.label}
      </Text>
      {': '}
      <Text span td="line-through" size="xs">
        {field.beforeText ?? EMPTY}
      </Text>
      {' → '}
      <Text span size="xs">
        {field.afterText ?? EMPTY}
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
            {c.title}
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
