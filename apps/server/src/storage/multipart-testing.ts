/** One part of a multipart body: a text field, or a file. */
export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body as a browser's FormData sends it, for app.inject or fetch. */
export function multipartBody(parts: MultipartPart[]): {
  payload: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}`
        : `Content-Disposition: form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `count` JPEG-named file parts of field `name`. */
export function fileParts(name: string, datas: Buffer[]): MultipartPart[] {
  return datas.map((data, i) => ({
    name,
    filename: `photo-${i + 1}.jpg`,
    contentType: 'image/jpeg',
    data,
  }));
}
