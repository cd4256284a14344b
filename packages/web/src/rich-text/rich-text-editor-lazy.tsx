// The editor behind React.lazy, so tiptap loads only on the pages that edit html.
import { lazy, Suspense } from 'react';
import { Box, Input } from '@mantine/core';
import { Loading } from '../ui/loading';
import { EDITOR_HEIGHT, type RichTextEditorProps } from './rich-text-props';

const Editor = lazy(() => import('./rich-text-editor'));

/**
 * Takes the editor's room while its code loads. A smaller stand-in moved everything under it (the Save
 * button) when the editor appeared, so a click made at that moment landed on the editor instead.
 */
function EditorStandIn({ label, error }: Pick<RichTextEditorProps, 'label' | 'error'>) {
  return (
    <Input.Wrapper label={label} error={error}>
      <Box h={EDITOR_HEIGHT} bd="1px solid var(--mantine-color-default-border)" style={{ borderRadius: 4 }}>
        <Loading />
      </Box>
    </Input.Wrapper>
  );
}

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorStandIn label={props.label} error={props.error} />}>
      <Editor {...props} />
    </Suspense>
  );
}
