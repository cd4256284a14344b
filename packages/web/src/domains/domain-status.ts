// Activate / hide a domain with the spec's confirmations; hiding the last active domain is refused.
import { DOMAIN_TEXTS, type TPreferredDomain, type TPreferredDomainsHidden } from '@salesdesk/contract';
import { isValidationError } from '../api/api-error';
import { confirmDialog } from '../ui/dialogs';

type Apply = (body: TPreferredDomainsHidden) => Promise<unknown>;

/** 'Need at least one active domain', with OK only (no cancel). */
export const refuseLastActive = () =>
  confirmDialog({
    heading: DOMAIN_TEXTS.lastActive,
    confirmLabel: 'OK',
    cancelBtn: false,
    onConfirm: () => undefined,
  });

const isLastActiveRefusal = (err: unknown) =>
  isValidationError(err) && (err.data?._form ?? []).includes(DOMAIN_TEXTS.lastActive);

/**
 * Asks, then activates or hides. A hide is refused before asking when at most one domain is active
 * (`countActive` reads them fresh); if another change got there first the server refuses, and the
 * same notice follows the closed confirmation.
 */
export async function toggleDomain(
  apply: Apply,
  domain: Pick<TPreferredDomain, 'id' | 'hidden' | 'domain'>,
  countActive: () => Promise<number>,
): Promise<boolean> {
  const hide = !domain.hidden;
  if (hide && (await countActive()) <= 1) {
    await refuseLastActive();
    return false;
  }
  let refused = false;
  const done = await confirmDialog({
    heading: hide ? DOMAIN_TEXTS.hide : DOMAIN_TEXTS.activate,
    subject: domain.domain,
    onConfirm: () =>
      apply({ ids: [domain.id], hidden: hide }).catch((err: unknown) => {
        refused = isLastActiveRefusal(err);
        throw err;
      }),
  });
  if (refused) await refuseLastActive();
  return done;
}
