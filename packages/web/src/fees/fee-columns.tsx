// The columns of Offices custom payments (spec 2 section 2.14): office, Custom and the six rates.
import { createContext, useContext } from 'react';
import { Checkbox, Group, Loader, TextInput } from '@mantine/core';
import type { TCompanyFeeRow, TCompanyFeeSortField } from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';
import type { FeeEditor, RateField } from './fee-editor';

const RATE_HEADERS: Record<RateField, string> = {
  payout: 'Payout',
  earning: 'Earning',
  lpp: 'lpp',
  bonusPayout: 'Bonus Payout',
  bonusEarning: 'Bonus Earning',
  bonusLpp: 'Bonus lpp',
};

/**
 * The cells read the editor from here, so the columns stay one constant: the table remounts its cells
 * when the columns change, which would take the focus from the input being typed in.
 */
export const FeeEditorContext = createContext<FeeEditor | null>(null);

function useEditor(): FeeEditor {
  const editor = useContext(FeeEditorContext);
  if (!editor) throw new Error('FeeEditorContext is missing');
  return editor;
}

function RateInput({ row, field }: { row: TCompanyFeeRow; field: RateField }) {
  const editor = useEditor();
  // While Custom is off the link type's defaults are shown, read-only.
  const custom = editor.custom(row);
  const value = custom ? editor.text(row, field) : String(row.defaults[field]);
  return (
    <TextInput
      size="xs"
      w={96}
      inputMode={field === 'lpp' || field === 'bonusLpp' ? 'numeric' : 'decimal'}
      aria-label={`${RATE_HEADERS[field]} ${row.officeName}`}
      value={value}
      readOnly={!custom}
      variant={custom ? 'default' : 'filled'}
      error={custom ? editor.error(row, field) : undefined}
      onChange={(e) => editor.edit(row, field, e.currentTarget.value)}
      onBlur={() => custom && editor.commit(row, field)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && custom) editor.commit(row, field);
      }}
    />
  );
}

function OfficeCell({ row }: { row: TCompanyFeeRow }) {
  const editor = useEditor();
  return (
    <Group gap={6} wrap="nowrap">
      <span>{row.officeName}</span>
      {editor.saving(row) && <Loader size={12} aria-label={`Saving ${row.officeName}`} />}
    </Group>
  );
}

function CustomCell({ row }: { row: TCompanyFeeRow }) {
  const editor = useEditor();
  return (
    <Checkbox
      aria-label={`Custom ${row.officeName}`}
      checked={editor.custom(row)}
      onChange={(e) => editor.setCustom(row, e.currentTarget.checked)}
    />
  );
}

const rate = (field: RateField): DataColumn<TCompanyFeeRow, TCompanyFeeSortField> => ({
  id: field,
  header: RATE_HEADERS[field],
  cell: (r) => <RateInput row={r} field={field} />,
});

export const FEE_COLUMNS: DataColumn<TCompanyFeeRow, TCompanyFeeSortField>[] = [
  { id: 'officeName', header: 'Office', sortable: true, cell: (r) => <OfficeCell row={r} /> },
  { id: 'enable', header: 'Custom', cell: (r) => <CustomCell row={r} /> },
  rate('payout'),
  rate('earning'),
  rate('lpp'),
  rate('bonusPayout'),
  rate('bonusEarning'),
  rate('bonusLpp'),
];
