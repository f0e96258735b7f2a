// A multipart/form-data body as an app sends one (the Fetch API writes it), for app.inject.

export type FormPart = string | { bytes: Buffer; type: string; filename: string };

export async function multipartBody(parts: Record<string, FormPart>) {
  const form = new FormData();
  for (const [name, part] of Object.entries(parts)) {
    if (typeof part === 'string') form.append(name, part);
    else form.append(name, new Blob([new Uint8Array(part.bytes)], { type: part.type }), part.filename);
  }
  const request = new Request('http://realm.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
