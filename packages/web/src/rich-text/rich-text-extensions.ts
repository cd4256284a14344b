// Text colour and alignment for the editor without extra tiptap packages; the server sanitiser keeps these styles.
import { Extension, Mark, mergeAttributes } from '@tiptap/react';

export type TextAlignValue = 'left' | 'center' | 'right' | 'justify';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    salesdeskTextColor: { setColor: (color: string) => ReturnType; unsetColor: () => ReturnType };
    salesdeskTextAlign: {
      setTextAlign: (align: TextAlignValue) => ReturnType;
      unsetTextAlign: () => ReturnType;
    };
  }
}

/** A coloured span; named textStyle because Mantine's colour controls read getAttributes('textStyle').color. */
export const TextColor = Mark.create({
  name: 'textStyle',
  addAttributes() {
    return {
      color: {
        default: null,
        parseHTML: (el: HTMLElement) => el.style.color || null,
        renderHTML: (attrs: { color?: string | null }) =>
          attrs.color ? { style: `color: ${attrs.color}` } : {},
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span', getAttrs: (el: HTMLElement) => (el.style.color ? {} : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), 0];
  },
  addCommands() {
    return {
      setColor:
        (color: string) =>
        ({ commands }) =>
          commands.setMark(this.name, { color }),
      unsetColor:
        () =>
        ({ commands }) =>
          commands.unsetMark(this.name),
    };
  },
});

const ALIGNED_TYPES = ['heading', 'paragraph'];

/** text-align on paragraphs and headings, as Mantine's align controls call setTextAlign. */
export const TextAlign = Extension.create({
  name: 'textAlign',
  addGlobalAttributes() {
    return [
      {
        types: ALIGNED_TYPES,
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (el: HTMLElement) => el.style.textAlign || null,
            renderHTML: (attrs: { textAlign?: string | null }) =>
              attrs.textAlign ? { style: `text-align: ${attrs.textAlign}` } : {},
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      setTextAlign:
        (align: TextAlignValue) =>
        ({ commands }) =>
          ALIGNED_TYPES.map((type) => commands.updateAttributes(type, { textAlign: align })).some(Boolean),
      unsetTextAlign:
        () =>
        ({ commands }) =>
          ALIGNED_TYPES.map((type) => commands.resetAttributes(type, 'textAlign')).some(Boolean),
    };
  },
});
