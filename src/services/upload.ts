/**
 * fetch over XMLHttpRequest, for uploads that report progress: browsers only stream fetch request
 * bodies over HTTP/2, so ky's own onUploadProgress cannot be used on a plain HTTP/1.1 server.
 * Passed to ky as its `fetch` option, so the error catalogue and token refresh still apply.
 */
export interface UploadProgress {
  loaded: number
  total: number
  /** 0..100 */
  percent: number
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

export function uploadPercent(loaded: number, total: number): number {
  if (total <= 0) return 0
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)))
}

export function xhrFetch(onProgress: (progress: UploadProgress) => void): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init)
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob()
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest()
      xhr.open(request.method, request.url)
      xhr.responseType = 'blob'
      request.headers.forEach((value, key) => xhr.setRequestHeader(key, value))
      xhr.upload.onprogress = (event) => {
        const total = event.lengthComputable ? event.total : (body?.size ?? 0)
        onProgress({ loaded: event.loaded, total, percent: uploadPercent(event.loaded, total) })
      }
      xhr.onload = () => {
        const headers = new Headers()
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':')
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim())
        }
        resolve(
          new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as Blob), {
            status: xhr.status,
            statusText: xhr.statusText,
            headers,
          }),
        )
      }
      xhr.onerror = () => reject(new TypeError('Network request failed'))
      xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'))
      const abort = () => xhr.abort()
      if (request.signal.aborted) return abort()
      request.signal.addEventListener('abort', abort, { once: true })
      xhr.send(body)
    })
  }
}
