// No imports: the visitor site saves files with these too, without the back office's modules.

/** Saves what `href` points at (a data or object URL) under `name`, as a click on a download link would. */
export function saveUrl(href: string, name: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Saves a blob under `name`; its object URL is released once the download had time to start. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  saveUrl(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
