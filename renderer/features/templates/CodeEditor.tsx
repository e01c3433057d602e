import { liquid } from '@codemirror/lang-liquid';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

export interface CodeEditorHandle {
  /** Puts the caret at a 1-based line and column, scrolls there and focuses the editor. */
  goTo(line: number, column: number): void;
}

/** The one error the editor marks: its line in the gutter and underlined, its message on hover. */
export interface EditorError {
  line: number;
  column: number;
  message: string;
}

/**
 * A template body in CodeMirror 6: line numbers, HTML and Liquid highlighting (the Liquid
 * language wraps HTML), bracket matching, search, undo. The parent owns the text; an error's
 * line is marked in the gutter.
 */
export const CodeEditor = forwardRef<CodeEditorHandle, { value: string; onChange: (value: string) => void; label: string; error: EditorError | null }>(function CodeEditor(
  { value, onChange, label, error },
  handle,
) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The newest onChange, read by the one update listener the editor is built with.
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          liquid(),
          lintGutter(),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // Built once; later text from the parent is applied below.
  }, []);

  // Text set from outside (a reset) replaces the document; typing round-trips unchanged.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const diagnostics: Diagnostic[] = [];
    if (error && error.line <= editor.state.doc.lines) {
      const line = editor.state.doc.line(error.line);
      const from = Math.min(line.from + Math.max(error.column - 1, 0), line.to);
      diagnostics.push({ from, to: Math.max(from, line.to), severity: 'error', message: error.message });
    }
    editor.dispatch(setDiagnostics(editor.state, diagnostics));
  }, [error, value]);

  useImperativeHandle(handle, () => ({
    goTo(lineNumber, column) {
      const editor = view.current;
      if (!editor) return;
      const line = editor.state.doc.line(Math.min(Math.max(lineNumber, 1), editor.state.doc.lines));
      const at = Math.min(line.from + Math.max(column - 1, 0), line.to);
      editor.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
      editor.focus();
    },
  }));

  return <div ref={host} className="code-editor" aria-invalid={error ? true : undefined} data-error-line={error?.line} />;
});
