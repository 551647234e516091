import { unwrap } from './client.ts';
import { saveBlob } from './upload.ts';

export type FileFormat = 'csv' | 'xlsx';

/** What openapi-fetch answers for a request made with `parseAs: 'blob'`. */
export interface FileAnswer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * Runs a file request of the API client (the same cookie session and CSRF header as every call)
 * and saves the file under the name the service gives it. A refusal keeps the API's pt-BR
 * message; a network failure or a file cut off while streaming becomes a sentence a person can act on.
 */
export async function downloadFile(request: () => Promise<FileAnswer>, fallbackName: string): Promise<void> {
  let answer: FileAnswer;
  try {
    answer = await request();
  } catch {
    throw new Error(
      'O download não terminou (sem conexão com o serviço ou conexão interrompida). Verifique a rede e tente de novo.',
    );
  }
  const blob = unwrap(answer);
  if (!(blob instanceof Blob)) throw new Error('O serviço não devolveu um arquivo. Tente de novo em instantes.');
  saveBlob(blob, answer.response, fallbackName);
}
