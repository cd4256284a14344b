// The editor behind React.lazy, so tiptap loads only on the pages that edit html.
import { lazy, Suspense } from 'react';
import { Loading } from './loading';
import type { RichTextEditorProps } from './rich-text-editor';

const Editor = lazy(() => import('./rich-text-editor'));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Editor {...props} />
    </Suspense>
  );
}
