import { autocompletion, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { html } from '@codemirror/lang-html';
import { liquidCompletionSource, liquidLanguage } from '@codemirror/lang-liquid';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, HighlightStyle, indentOnInput, LanguageSupport, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { type Diagnostic, lintGutter, lintKeymap, setDiagnostics } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorState } from '@codemirror/state';
import {
  crosshairCursor,
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  rectangularSelection,
} from '@codemirror/view';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

/**
 * Token colours of at least 4.5:1 on white and on the active line (WCAG AA): CodeMirror's
 * default style has greys and light hues below that. Replaces it (a style given without
 * `fallback` wins over basicSetup's).
 */
const READABLE_HIGHLIGHT = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.operatorKeyword, tags.definitionKeyword], color: '#6d28d9' },
  { tag: [tags.tagName, tags.angleBracket], color: '#1d4ed8' },
  { tag: tags.attributeName, color: '#9a3412' },
  { tag: [tags.string, tags.attributeValue, tags.special(tags.string)], color: '#166534' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: '#92400e' },
  { tag: [tags.comment, tags.blockComment, tags.lineComment], color: '#57534e', fontStyle: 'italic' },
  { tag: [tags.propertyName, tags.function(tags.variableName)], color: '#0e7490' },
  { tag: [tags.variableName, tags.name], color: '#1e293b' },
  { tag: [tags.operator, tags.punctuation, tags.separator, tags.brace, tags.bracket], color: '#374151' },
  { tag: [tags.meta, tags.processingInstruction, tags.documentMeta], color: '#475569' },
  { tag: tags.invalid, color: '#b91c1c' },
]);

/**
 * CodeMirror's basic setup without anything that types for the author: no closing brackets,
 * no closing `%` of a Liquid tag, no closing HTML tag. An author types `</b>` and `%}`
 * themselves, at a person's pace, and an editor that also inserted them left `</b></b>` and
 * stray `%}` in templates that then printed.
 */
const TEMPLATE_SETUP = [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  history(),
  foldGutter(),
  drawSelection(),
  dropCursor(),
  EditorState.allowMultipleSelections.of(true),
  indentOnInput(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  bracketMatching(),
  autocompletion(),
  rectangularSelection(),
  crosshairCursor(),
  highlightActiveLine(),
  highlightSelectionMatches(),
  keymap.of([...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, ...completionKeymap, ...lintKeymap]),
];

/** Liquid over HTML, as `liquid()` builds it, less its auto-closing (`{` → `{}`, `%` → `%%`) and HTML's closing tags. */
const LIQUID_OVER_HTML = new LanguageSupport(liquidLanguage, [html({ autoCloseTags: false }).support, liquidLanguage.data.of({ autocomplete: liquidCompletionSource() })]);

const READABLE_THEME = EditorView.theme({
  '.cm-activeLine': { backgroundColor: '#f1f5f9' },
  '.cm-activeLineGutter': { backgroundColor: '#e2e8f0' },
  '.cm-gutters': { backgroundColor: '#f8fafc', color: '#475569', borderRight: '1px solid #e2e8f0' },
});

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
          TEMPLATE_SETUP,
          LIQUID_OVER_HTML,
          syntaxHighlighting(READABLE_HIGHLIGHT),
          READABLE_THEME,
          lintGutter(),
          EditorView.lineWrapping,
          // tabindex: the scrolling box holds this focusable text (axe: scrollable-region-focusable).
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', tabindex: '0' }),
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
