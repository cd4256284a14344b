// The html editor of news, alerts, manuals and agent notes: Mantine tiptap, 500 px high, sticky toolbar.
import { useEffect, useRef } from 'react';
import { Input } from '@mantine/core';
import { getUploadImageExtension, Link, RichTextEditor as MantineEditor } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { apiUpload } from '../api/client';
import classes from './rich-text-editor.module.css';
import { TextAlign, TextColor } from './rich-text-extensions';
import { EDITOR_HEIGHT, type RichTextEditorProps } from './rich-text-props';

/** Two rows of 8 swatches. */
export const EDITOR_COLORS = [
  '#000000',
  '#444444',
  '#888888',
  '#cccccc',
  '#ffffff',
  '#ff3300',
  '#e8590c',
  '#f59f00',
  '#2f9e44',
  '#0ca678',
  '#1098ad',
  '#1971c2',
  '#3b5bdb',
  '#7048e8',
  '#ae3ec9',
  '#d6336c',
];

async function uploadImage(file: File): Promise<string> {
  const { url } = await apiUpload('files/image', file);
  return url;
}

/** The editor's html, '' when it holds nothing, so "required" checks work. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

export function RichTextEditor({ value, onChange, label, error }: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link,
      TextColor,
      TextAlign,
      getUploadImageExtension(Image, { onImageUpload: uploadImage }),
    ],
    content: value,
    editorProps: { attributes: label ? { 'aria-label': label } : {} },
    onUpdate: ({ editor: changed }) => onChangeRef.current(htmlOf(changed)),
  });

  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper label={label} error={error}>
      <MantineEditor
        editor={editor}
        classNames={{ linkEditorDropdown: classes.dropdown }}
        style={{ height: EDITOR_HEIGHT, overflowY: 'auto' }}
      >
        <MantineEditor.Toolbar sticky stickyOffset={0}>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Bold />
            <MantineEditor.Italic />
            <MantineEditor.Underline />
            <MantineEditor.Strikethrough />
            <MantineEditor.ClearFormatting />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.H1 />
            <MantineEditor.H2 />
            <MantineEditor.H3 />
            <MantineEditor.H4 />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.BulletList />
            <MantineEditor.OrderedList />
            <MantineEditor.Blockquote />
            <MantineEditor.Hr />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Link />
            <MantineEditor.Unlink />
            <MantineEditor.ImageUpload />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.AlignLeft />
            <MantineEditor.AlignCenter />
            <MantineEditor.AlignRight />
            <MantineEditor.AlignJustify />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.ColorPicker colors={EDITOR_COLORS} />
            <MantineEditor.UnsetColor />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Undo />
            <MantineEditor.Redo />
          </MantineEditor.ControlsGroup>
        </MantineEditor.Toolbar>
        <MantineEditor.Content />
      </MantineEditor>
    </Input.Wrapper>
  );
}

export default RichTextEditor;
