import { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { TextAlign, TextColor } from './rich-text-extensions';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const make = (content: string) =>
  (editor = new Editor({ extensions: [StarterKit, TextColor, TextAlign], content }));

describe('editor extensions', () => {
  it('sets and unsets a text colour the way Mantine reads it', () => {
    const ed = make('<p>Hello</p>');
    ed.chain().selectAll().setColor('#ff3300').run();
    expect(ed.getHTML()).toBe('<p><span style="color: #ff3300;">Hello</span></p>');
    expect(ed.getAttributes('textStyle').color).toBe('#ff3300');
    ed.chain().selectAll().unsetColor().run();
    expect(ed.getHTML()).toBe('<p>Hello</p>');
  });

  it('keeps colours and alignment of saved html', () => {
    const html = '<h2 style="text-align: center;">Title</h2><p><span style="color: #1971c2;">blue</span></p>';
    expect(make(html).getHTML()).toBe(html);
  });

  it('aligns paragraphs and headings', () => {
    const ed = make('<p>Text</p>');
    ed.chain().selectAll().setTextAlign('right').run();
    expect(ed.getHTML()).toBe('<p style="text-align: right;">Text</p>');
    ed.chain().selectAll().unsetTextAlign().run();
    expect(ed.getHTML()).toBe('<p>Text</p>');
  });
});
