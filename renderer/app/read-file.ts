/**
 * A chosen file's contents: its text (a CSV export) or a data: URL (a logo). FileReader
 * rather than Blob.text(): older embedded browsers (and jsdom) lack the latter.
 */
export function readFile(file: File, as: 'text' | 'dataUrl'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(`The file ${file.name} could not be read`));
    if (as === 'text') reader.readAsText(file);
    else reader.readAsDataURL(file);
  });
}
