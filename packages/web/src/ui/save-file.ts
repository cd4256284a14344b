// A finished file handed to the browser as a download: the CSV exports and the recovery codes.

/** Saves `blob` as `fileName` through a temporary link. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
