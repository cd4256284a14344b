// The editing state of the fee rows: typed drafts, one save per change, a row's saves in order.
import { useCallback, useRef, useState } from 'react';
import {
  FEE_RATE_FIELDS,
  feeRates,
  type TCompanyFeeRow,
  type TCompanyFeeSaveInput,
} from '@salesdesk/contract';
import { isValidationError } from '../api/api-error';
import { useSaveFee } from './api';

export type RateField = (typeof FEE_RATE_FIELDS)[number];
type RowTexts = Partial<Record<RateField, string>>;
const LPP_FIELDS: readonly RateField[] = ['lpp', 'bonusLpp'];

/** The value a rate input's text stands for, or the message saying why it stands for none. */
export function parseRate(field: RateField, text: string): { value: string | number } | { error: string } {
  const trimmed = text.trim();
  if (LPP_FIELDS.includes(field) && !/^\d{1,10}$/.test(trimmed))
    return { error: 'Must be a whole number, min 0' };
  const input = LPP_FIELDS.includes(field) ? Number(trimmed) : trimmed;
  const parsed = feeRates[field].safeParse(input);
  return parsed.success
    ? { value: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? 'Invalid value' };
}

const savedText = (row: TCompanyFeeRow, field: RateField) => String(row[field]);

export interface FeeEditor {
  /** The Custom box: the value being saved, else the saved one. */
  custom: (row: TCompanyFeeRow) => boolean;
  text: (row: TCompanyFeeRow, field: RateField) => string;
  error: (row: TCompanyFeeRow, field: RateField) => string | undefined;
  saving: (row: TCompanyFeeRow) => boolean;
  edit: (row: TCompanyFeeRow, field: RateField, text: string) => void;
  /** Saves the row when the field's text is a new valid value (on blur or Enter). */
  commit: (row: TCompanyFeeRow, field: RateField) => void;
  setCustom: (row: TCompanyFeeRow, enable: boolean) => void;
}

/** The body of a save: the row's custom rates, with the texts typed over them. */
function payload(row: TCompanyFeeRow, enable: boolean, texts: RowTexts): TCompanyFeeSaveInput {
  const body: TCompanyFeeSaveInput = {
    typeId: row.typeId,
    companyId: row.companyId,
    enable,
    payout: row.payout,
    earning: row.earning,
    lpp: row.lpp,
    bonusPayout: row.bonusPayout,
    bonusEarning: row.bonusEarning,
    bonusLpp: row.bonusLpp,
  };
  for (const [field, text] of Object.entries(texts) as [RateField, string][]) {
    const parsed = parseRate(field, text);
    if ('value' in parsed) Object.assign(body, { [field]: parsed.value });
  }
  return body;
}

/** `items` are the rows shown now; a queued save reads its row from them when it runs. */
export function useFeeEditor(items: TCompanyFeeRow[]): FeeEditor {
  const save = useSaveFee();
  const rows = useRef(new Map<number, TCompanyFeeRow>());
  rows.current = new Map(items.map((r) => [r.companyId, r]));
  const [drafts, setDrafts] = useState<Record<number, RowTexts>>({});
  const [errors, setErrors] = useState<Record<number, RowTexts>>({});
  const [busy, setBusy] = useState<Record<number, number>>({});
  const [ticked, setTicked] = useState<Record<number, boolean | undefined>>({});
  const queues = useRef(new Map<number, Promise<unknown>>());
  const latestDrafts = useRef(drafts);
  latestDrafts.current = drafts;

  const setRowErrors = (id: number, next: RowTexts) => setErrors((prev) => ({ ...prev, [id]: next }));

  const send = useCallback(
    (row: TCompanyFeeRow, enable: boolean, sent: RowTexts) => {
      const id = row.companyId;
      setBusy((prev) => ({ ...prev, [id]: (prev[id] ?? 0) + 1 }));
      const previous = queues.current.get(id) ?? Promise.resolve();
      const run = previous
        .catch(() => undefined)
        // Built when it runs: a save queued behind another starts from that one's answer.
        .then(() => save.mutateAsync(payload(rows.current.get(id) ?? row, enable, sent)))
        .then(
          (answer) => {
            rows.current.set(id, answer);
            // A text typed again while this save ran stays a draft.
            setDrafts((prev) => {
              const rowDrafts = { ...prev[id] };
              for (const [field, text] of Object.entries(sent) as [RateField, string][])
                if (rowDrafts[field] === text) delete rowDrafts[field];
              return { ...prev, [id]: rowDrafts };
            });
            setRowErrors(id, {});
          },
          (err: unknown) => {
            if (isValidationError(err))
              setRowErrors(
                id,
                Object.fromEntries(Object.entries(err.data ?? {}).map(([k, v]) => [k, v.join(' ')])),
              );
          },
        )
        .finally(() => setBusy((prev) => ({ ...prev, [id]: (prev[id] ?? 1) - 1 })));
      queues.current.set(id, run);
      return run;
    },
    [save],
  );

  /** The row's valid drafts: a save carries every value typed so far, not just the field that changed. */
  const validDrafts = (id: number): RowTexts =>
    Object.fromEntries(
      Object.entries(latestDrafts.current[id] ?? {}).filter(
        ([field, text]) => text !== undefined && 'value' in parseRate(field as RateField, text),
      ),
    );

  return {
    custom: (row) => ticked[row.companyId] ?? row.enable,
    text: (row, field) => drafts[row.companyId]?.[field] ?? savedText(row, field),
    error: (row, field) => errors[row.companyId]?.[field],
    saving: (row) => (busy[row.companyId] ?? 0) > 0,
    edit: (row, field, text) =>
      setDrafts((prev) => ({ ...prev, [row.companyId]: { ...prev[row.companyId], [field]: text } })),
    commit: (row, field) => {
      const text = latestDrafts.current[row.companyId]?.[field];
      if (text === undefined || text === savedText(row, field)) return;
      const parsed = parseRate(field, text);
      if ('error' in parsed) {
        setRowErrors(row.companyId, { ...errors[row.companyId], [field]: parsed.error });
        return;
      }
      setRowErrors(row.companyId, { ...errors[row.companyId], [field]: undefined });
      void send(row, ticked[row.companyId] ?? row.enable, validDrafts(row.companyId));
    },
    setCustom: (row, enable) => {
      // Turning Custom off drops what was typed: the row shows the link type's defaults again.
      if (!enable) {
        setDrafts((prev) => ({ ...prev, [row.companyId]: {} }));
        setRowErrors(row.companyId, {});
      }
      setTicked((prev) => ({ ...prev, [row.companyId]: enable }));
      send(row, enable, enable ? validDrafts(row.companyId) : {}).finally(() =>
        setTicked((prev) =>
          prev[row.companyId] === enable ? { ...prev, [row.companyId]: undefined } : prev,
        ),
      );
    },
  };
}
