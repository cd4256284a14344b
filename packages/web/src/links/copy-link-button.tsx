// Copies a link to the clipboard and says so; falls back to a selection copy where the Clipboard API is
// missing (a page served over plain http on another host than localhost).
import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';

const COPIED_MS = 2000;

async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, page not focused): try the selection copy below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export function CopyLinkButton({ link, label }: { link: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const text = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy';
  return (
    <Button
      size="compact-sm"
      variant={state === 'copied' ? 'filled' : 'default'}
      color={state === 'failed' ? 'red' : state === 'copied' ? 'teal' : undefined}
      aria-label={state === 'idle' ? `Copy ${label}` : text}
      onClick={async () => setState((await copyText(link)) ? 'copied' : 'failed')}
    >
      {text}
    </Button>
  );
}
