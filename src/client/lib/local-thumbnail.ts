/** The long side of a thumbnail drawn from the member's own file, in pixels (shown at 96 CSS px). */
const side = 192;

/**
 * A small JPEG data URL of a picture the member chose, shown while it uploads. Not a blob: URL, because the
 * app's Content-Security-Policy allows images from the server and data: only. The browser decodes the file
 * off the main thread (createImageBitmap); a file it cannot read, or a browser without that, gives null,
 * and the draft shows the server's preview once the upload is done.
 */
export async function localThumbnail(file: Blob): Promise<string | null> {
  try {
    const probe = await createImageBitmap(file);
    const scale = Math.min(1, side / Math.max(probe.width, probe.height));
    const width = Math.max(1, Math.round(probe.width * scale));
    const height = Math.max(1, Math.round(probe.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')?.drawImage(probe, 0, 0, width, height);
    probe.close();
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return null;
  }
}
