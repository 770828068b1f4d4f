/** Hands `content` to the browser as a file download (a CSV export, by default). */
export function downloadFile(name: string, content: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
