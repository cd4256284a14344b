// The rich-text field. RichTextEditor here is the lazy-loaded one; './rich-text-editor' is the eager module.
export { LazyRichTextEditor, LazyRichTextEditor as RichTextEditor } from './rich-text-editor-lazy';
export type { RichTextEditorProps } from './rich-text-props';
