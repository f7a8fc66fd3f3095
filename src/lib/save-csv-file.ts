/** Saves a CSV text as a file the browser downloads under `fileName`. */
export function saveCsvFile(text: string, fileName: string): void {
  const file = new Blob([text], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // Let the browser start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
