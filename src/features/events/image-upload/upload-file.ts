/**
 * POSTs a file to a Convex upload URL and resolves with its storage id. XMLHttpRequest rather
 * than fetch because only it reports upload progress.
 */
export function uploadFile(url: string, file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Content-Type", file.type);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const storageId = request.status === 200 ? storageIdOf(request.responseText) : null;
      if (storageId === null) reject(new Error(`upload failed with status ${request.status}`));
      else resolve(storageId);
    };
    request.onerror = () => reject(new Error("upload failed"));
    request.send(file);
  });
}

function storageIdOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    const storageId = (parsed as { storageId?: unknown } | null)?.storageId;
    return typeof storageId === "string" ? storageId : null;
  } catch {
    return null;
  }
}
