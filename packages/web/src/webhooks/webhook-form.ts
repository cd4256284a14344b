// The webhook form's values and their schemas: the contract's (ZWebhookCreate, ZWebhookUpdate, the kind
// only on a create), reached from what the form holds: the sites as the select's ids, none for every site.
import { z } from 'zod';
import {
  ZWebhookCreate,
  ZWebhookUpdate,
  type TWebhookCreate,
  type TWebhookEventType,
  type TWebhookKind,
  type TWebhookRow,
  type TWebhookUpdate,
} from '@salesdesk/contract';

export interface WebhookFormValues {
  name: string;
  kind: TWebhookKind;
  url: string;
  eventTypes: TWebhookEventType[];
  /** The chosen sites' ids as the select holds them; none: every site. */
  siteIds: string[];
}

/** No event chosen: an endpoint receives only what it asked for. */
export const blankWebhookForm: WebhookFormValues = {
  name: '',
  kind: 'webhook',
  url: '',
  eventTypes: [],
  siteIds: [],
};

export const webhookFormOf = (row: TWebhookRow): WebhookFormValues => ({
  name: row.name,
  kind: row.kind,
  url: row.url,
  eventTypes: row.eventTypes as TWebhookEventType[],
  siteIds: (row.siteIds ?? []).map(String),
});

// The values as the form holds them; the contract's schemas behind the pipe check each field.
const ZValues = z.object({
  name: z.string(),
  kind: z.custom<TWebhookKind>(),
  url: z.string(),
  eventTypes: z.custom<TWebhookEventType[]>(),
  siteIds: z.array(z.string()),
});

const fieldsOf = (v: WebhookFormValues): TWebhookUpdate => ({
  name: v.name,
  url: v.url,
  eventTypes: v.eventTypes,
  siteIds: v.siteIds.length ? v.siteIds.map(Number) : null,
});

export const ZWebhookCreateForm = ZValues.transform((v): TWebhookCreate => ({
  kind: v.kind,
  ...fieldsOf(v),
})).pipe(ZWebhookCreate);

export const ZWebhookEditForm = ZValues.transform(fieldsOf).pipe(ZWebhookUpdate);
