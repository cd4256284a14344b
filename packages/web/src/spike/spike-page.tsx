// /app/spike: a test page with only an html input.
import { useState } from 'react';
import { Container } from '@mantine/core';
import { LazyRichTextEditor } from '../rich-text/rich-text-editor-lazy';

export function SpikePage() {
  const [html, setHtml] = useState('');
  return (
    <Container size="lg" py="md">
      <LazyRichTextEditor label="Html" value={html} onChange={setHtml} />
    </Container>
  );
}
