// What the html editor and its lazy loader share: its props and the room it takes.

export type RichTextEditorProps = {
  value: string;
  onChange: (html: string) => void;
  label?: string;
  /** A field error (e.g. a server VALIDATION_ERROR message), shown under the editor. */
  error?: string;
};

/** The editor's height, toolbar included; its stand-in takes the same room. */
export const EDITOR_HEIGHT = 500;
