import { BASE, UNAUTHORIZED_EVENT } from './client.ts';
import { ApiError, toProblem } from './problem.ts';

/**
 * A multipart upload with progress. fetch cannot report how much of a request body was sent,
 * so this is the one XMLHttpRequest of the portal, kept here beside the client (the only place
 * that does HTTP). Same session as the client: the cookie, and X-Requested-With (the CSRF header
 * the service requires on cookie-authenticated writes).
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  headers: Record<string, string> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-Requested-With', 'renova-portal');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as T);
        return;
      }
      if (xhr.status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
      reject(new ApiError(toProblem(xhr.status, body)));
    };
    xhr.onerror = () => reject(new Error('Falha de rede ao enviar o arquivo. Verifique a conexão e tente de novo.'));
    xhr.send(form);
  });
}

/** Saves a downloaded file under the name the service gave it (Content-Disposition), else `fallback`. */
export function saveBlob(blob: Blob, response: Response, fallback: string): void {
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name ? decodeURIComponent(name) : fallback;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
